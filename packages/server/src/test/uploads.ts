import type { UploadedFile } from '@klubovna/shared';
import sharp from 'sharp';
import type { HttpClient } from './http-client.ts';

/** A PNG of one colour. */
export const pngImage = (width: number, height: number, color: string): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A PDF of about `size` bytes (a comment pads it): big enough to show a file is streamed. */
export function pdfDocument(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail);
}

/** Uploads one file as `client` (who must be signed in with write access to files). */
export async function uploadFile(
  client: HttpClient,
  namespace: string,
  file: { name: string; type: string; bytes: Buffer },
): Promise<UploadedFile> {
  const data = new FormData();
  data.append('files[]', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const answer = await client.request('POST', `/api/cms/files/upload?namespace=${namespace}`, undefined, {
    rawBody: data,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  if (answer.status !== 200) throw new Error(`upload of ${file.name}: ${answer.status} ${answer.text}`);
  return answer.body.data[0];
}

/** GETs `url` (a path of the client's server, or a full address) as bytes, with the client's cookies. */
export async function download(client: HttpClient, url: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(url, client.baseUrl), {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
