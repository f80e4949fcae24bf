/** What may be uploaded, decided from the content's magic bytes (file-type), never from the name. */
export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

/** Old binary Office files share one container format; the extension tells which it is. */
const CFB_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

export interface AllowedType {
  mime: string;
  extension: string;
  image: boolean;
}

export function allowedType(
  detected: { mime: string; ext: string } | undefined,
  originalName: string,
): AllowedType | undefined {
  if (!detected) return undefined;
  if (IMAGE_TYPES.has(detected.mime)) return { mime: detected.mime, extension: detected.ext, image: true };
  if (DOCUMENT_TYPES.has(detected.mime))
    return { mime: detected.mime, extension: detected.ext, image: false };
  if (detected.ext === 'cfb') {
    const extension = originalName.toLowerCase().split('.').pop() ?? '';
    const mime = CFB_BY_EXTENSION[extension];
    return mime ? { mime, extension, image: false } : undefined;
  }
  return undefined;
}

/** Extensions that name the same type as the one file-type gives. */
const SAME_EXTENSIONS: Record<string, readonly string[]> = { jpg: ['jpg', 'jpeg', 'jpe'] };

/**
 * The name with the extension of what the content really is (`zpráva.html` holding a PDF is served
 * as `zpráva.pdf`), so that the saved file opens in the right program and never as a page.
 */
export function nameForType(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if ((SAME_EXTENSIONS[extension] ?? [extension]).includes(current)) return name;
  return `${base.slice(0, 199 - extension.length)}.${extension}`;
}

/** The extension a stored object's key ends with: the type its content was found to be. */
export const keyExtension = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** A file name fit to show: no folders, no control characters, at most 200 characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'soubor').slice(0, 200);
}
