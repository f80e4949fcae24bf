import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readXml } from '../../../test/xml-reader.ts';
import { ibanOfCzechAccount } from './czech-account.ts';
import { QR_PNG_SCALE, QR_QUIET_ZONE, qrPng, qrSvg } from './qr-code.ts';
import { parseSpayd, spaydText } from './spayd.ts';

/** jsqr is CommonJS typed as an ES module: under Node its default export is the `default` of the import. */
const jsQR = jsqr.default;

/** A payment with every field, its message as long as allowed and full of what must be escaped. */
const fullPayment = spaydText({
  iban: ibanOfCzechAccount('19-2000145399/0800'),
  amount: 999_999_999,
  variableSymbol: '2026000123',
  specificSymbol: '1234567890',
  constantSymbol: '0308',
  dueDate: '2026-09-30',
  recipientName: 'Tělovýchovná jednota Sokol Horní Počernice',
  message: 'Členský příspěvek *podzim 2026* – 100% 🏑 Žofie Řeháková, žákyně U12',
});
const shortPayment = spaydText({ iban: 'CZ7801000000000000000123', amount: 1 });

interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

const decoded = ({ data, width, height }: Pixels) =>
  jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height)?.data;

const isDark = ({ data, width }: Pixels, x: number, y: number) => data[(y * width + x) * 4]! < 128;

/** Whether each module of the PNG is dark, read at the module's centre. */
function pngModules(pixels: Pixels): boolean[][] {
  const size = pixels.width / QR_PNG_SCALE - 2 * QR_QUIET_ZONE;
  const centre = (module: number) => (QR_QUIET_ZONE + module) * QR_PNG_SCALE + QR_PNG_SCALE / 2;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => isDark(pixels, centre(column), centre(row))),
  );
}

function expectedModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
  );
}

describe('the QR code as PNG', () => {
  it.each([
    ['a full payment', fullPayment],
    ['a payment of just the account and amount', shortPayment],
  ])('of %s decodes to the same QR Platba text', async (_, text) => {
    const pixels = PNG.sync.read(await qrPng(text));
    expect(decoded(pixels)).toBe(text);
    expect(parseSpayd(decoded(pixels)!)).toEqual(parseSpayd(text));
  });

  it('is exactly the symbol of error correction level M (QR Platba asks for it), in whole-pixel modules', async () => {
    const pixels = PNG.sync.read(await qrPng(fullPayment));
    expect(pixels.width).toBe(pixels.height);
    expect(pixels.width % QR_PNG_SCALE).toBe(0);
    expect(pngModules(pixels)).toEqual(expectedModules(fullPayment));
  });

  it('has a quiet zone of four white modules all round', async () => {
    const pixels = PNG.sync.read(await qrPng(fullPayment));
    const zone = QR_QUIET_ZONE * QR_PNG_SCALE;
    const inZone = (x: number, y: number) =>
      x < zone || y < zone || x >= pixels.width - zone || y >= pixels.height - zone;
    let darkInZone = 0;
    for (let y = 0; y < pixels.height; y++) {
      for (let x = 0; x < pixels.width; x++) if (inZone(x, y) && isDark(pixels, x, y)) darkInZone++;
    }
    expect(darkInZone).toBe(0);
    expect(isDark(pixels, zone, zone)).toBe(true);
  });
});

describe('the QR code as SVG', () => {
  it('is a well-formed SVG document with room for the quiet zone', async () => {
    const svg = readXml(await qrSvg(fullPayment));
    const size = expectedModules(fullPayment).length + 2 * QR_QUIET_ZONE;
    expect(svg.name).toBe('svg');
    expect(svg.attributes).toMatchObject({
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${size} ${size}`,
    });
  });

  it('rendered to pixels decodes to the same QR Platba text', async () => {
    const svg = await qrSvg(fullPayment);
    const { data, info } = await sharp(Buffer.from(svg))
      .resize(600)
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(decoded({ data, width: info.width, height: info.height })).toBe(fullPayment);
  });
});
