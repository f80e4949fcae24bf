import zlib from 'node:zlib';
import type { HttpClient } from './http-client.ts';

/** The raw bytes of a GET answer (HttpClient decodes text), with the client's session cookie. */
export async function getBytes(client: HttpClient, path: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(client.baseUrl + path, { headers: { cookie } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * A tiny ZIP reader for tests: walks the central directory, inflates every entry and checks its CRC
 * and sizes, and that the local header agrees with the central one.
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (at + zip.readUInt32LE(end + 12) !== end) throw new Error('central directory size or offset is wrong');
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${index}`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    if (zip.readUInt16LE(offset + 6) !== flags) throw new Error(`flags of ${name} differ`);
    const localName = zip.toString('utf8', offset + 30, offset + 30 + zip.readUInt16LE(offset + 26));
    if (localName !== name) throw new Error(`local name ${localName} differs from ${name}`);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const compressed = zip.subarray(start, start + compressedSize);
    const data = method === 8 ? zlib.inflateRawSync(compressed) : Buffer.from(compressed);
    if (data.length !== size) throw new Error(`size of ${name} is ${data.length}, not ${size}`);
    if (zlib.crc32(data) !== crc) throw new Error(`CRC of ${name} is wrong`);
    if (flags & 0x0008) {
      const descriptor = start + compressedSize;
      if (zip.readUInt32LE(descriptor) !== 0x08074b50) throw new Error(`no data descriptor after ${name}`);
      if (zip.readUInt32LE(descriptor + 4) !== crc || zip.readUInt32LE(descriptor + 12) !== size)
        throw new Error(`data descriptor of ${name} disagrees`);
    }
    files.set(name, data);
  }
  return files;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: XML forbids exactly these
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function checkText(text: string, where: string): void {
  if (FORBIDDEN.test(text)) throw new Error(`forbidden character in ${where}`);
  for (let index = text.indexOf('&'); index >= 0; index = text.indexOf('&', index + 1)) {
    if (!ENTITY.test(text.slice(index, index + 12)))
      throw new Error(`bare & in ${where}: ${text.slice(index, index + 20)}`);
  }
}

/** Throws unless `xml` is well-formed: one root, balanced tags, quoted unique attributes, valid entities. */
export function assertWellFormedXml(xml: string): void {
  let at = 0;
  if (xml.startsWith('<?xml')) at = xml.indexOf('?>') + 2;
  const stack: string[] = [];
  let roots = 0;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    const text = xml.slice(at, open < 0 ? xml.length : open);
    if (stack.length === 0 && text.trim() !== '')
      throw new Error(`text outside the root: ${text.slice(0, 30)}`);
    checkText(text, 'text');
    if (text.includes('>') && stack.length === 0) throw new Error('stray >');
    if (open < 0) break;
    const close = xml.indexOf('>', open);
    if (close < 0) throw new Error('unterminated tag');
    const tag = xml.slice(open + 1, close);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      if (stack.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
    } else {
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const name = /^\S+/.exec(body)?.[0] ?? '';
      if (!NAME.test(name)) throw new Error(`bad element name <${name}>`);
      const attributes = body.slice(name.length);
      const seen = new Set<string>();
      const rest = attributes.replace(
        /\s+([^\s=]+)\s*=\s*"([^"<]*)"/g,
        (_, attribute: string, value: string) => {
          if (!NAME.test(attribute) || seen.has(attribute))
            throw new Error(`bad or repeated attribute ${attribute}`);
          seen.add(attribute);
          checkText(value, `attribute ${attribute}`);
          return '';
        },
      );
      if (rest.trim() !== '') throw new Error(`malformed attributes in <${name}>: ${rest}`);
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name);
    }
    at = close + 1;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}

/** Cells of a sheet by reference ("B2") with their raw XML, for assertions. */
export function sheetCells(sheet: string): Map<string, string> {
  const cells = new Map<string, string>();
  for (const match of sheet.matchAll(/<c r="([A-Z]+\d+)"[^>]*?(?:\/>|>[\s\S]*?<\/c>)/g))
    cells.set(match[1]!, match[0]);
  return cells;
}

/** The text or value of a cell's XML, entities decoded. */
export function cellValue(cellXml: string | undefined): string | undefined {
  if (cellXml === undefined) return undefined;
  const raw = /<t[^>]*>(.*?)<\/t>/s.exec(cellXml)?.[1] ?? /<v>(.*?)<\/v>/.exec(cellXml)?.[1];
  return raw
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
