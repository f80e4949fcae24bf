import { api as defaultApi } from './api.ts';

/** The name a `content-disposition` header gives (its UTF-8 form first), else `fallback`. */
function fileNameOf(disposition: string | undefined, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Asks for a file by POST (work the server records, such as a member's personal data) and saves what
 * it answers under the name the server gives: a link only GETs.
 */
export async function downloadByPost(url: string, fallbackName: string, client = defaultApi): Promise<void> {
  const http = await client.http();
  const response = await http.post(url, {}, { responseType: 'blob' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(response.data as Blob);
  link.download = fileNameOf(response.headers['content-disposition'] as string | undefined, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}
