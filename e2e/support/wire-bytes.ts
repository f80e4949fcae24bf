import type { Browser } from 'playwright-core';

export interface WireBytes {
  /** Bytes of JavaScript as received over the network (compressed bodies and their headers). */
  js: number;
  css: number;
  total: number;
  /** Each file with its bytes on the wire and the encoding it came in. */
  files: { url: string; type: string; bytes: number; encoding: string }[];
}

/**
 * Loads a page in a fresh browser context (empty cache) until the network is idle and adds up what
 * Chromium received for it, from the DevTools network events: the size on the wire, not of the files.
 */
export async function measureWireBytes(browser: Browser, url: string, ready?: string): Promise<WireBytes> {
  const context = await browser.newContext({ locale: 'cs-CZ' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map<string, { url: string; type: string; encoding: string }>();
    const files: WireBytes['files'] = [];
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
      );
      responses.set(event.requestId, {
        url: event.response.url,
        type: event.type,
        encoding: headers['content-encoding'] ?? 'identity',
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = responses.get(event.requestId);
      if (response) files.push({ ...response, bytes: event.encodedDataLength });
    });
    await page.goto(url);
    if (ready) await page.getByRole('button', { name: ready }).waitFor();
    await page.waitForLoadState('networkidle');
    const sum = (type?: string) =>
      files.filter((file) => !type || file.type === type).reduce((total, file) => total + file.bytes, 0);
    return { js: sum('Script'), css: sum('Stylesheet'), total: sum(), files };
  } finally {
    await context.close();
  }
}
