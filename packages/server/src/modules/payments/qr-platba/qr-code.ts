import type { QRCodeErrorCorrectionLevel } from 'qrcode';

/** Level M (15 % of the symbol may be damaged), as QR Platba asks for printed codes. */
const QR_ERROR_CORRECTION: QRCodeErrorCorrectionLevel = 'M';
/** The quiet zone in modules: four is the least a QR code reader is promised. */
export const QR_QUIET_ZONE = 4;
/** Pixels per module of the PNG: whole pixels keep every module sharp when a mail client shows it. */
export const QR_PNG_SCALE = 8;
/** The SVG's intrinsic width and height in CSS pixels; it scales without loss to any other size. */
const SVG_SIZE = 256;

/** qrcode (with its PNG writer, fifty modules) is loaded at the first code drawn, not at start. */
const loadQrCode = async () => (await import('qrcode')).default;

/** The QR code of `text` as a standalone SVG document (black modules on white). */
export async function qrSvg(text: string): Promise<string> {
  return (await loadQrCode()).toString(text, {
    type: 'svg',
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    margin: QR_QUIET_ZONE,
    width: SVG_SIZE,
  });
}

/** The QR code of `text` as a PNG image, e.g. to embed in an e-mail. */
export async function qrPng(text: string): Promise<Buffer> {
  return (await loadQrCode()).toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    margin: QR_QUIET_ZONE,
    scale: QR_PNG_SCALE,
  });
}
