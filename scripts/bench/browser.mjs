// What a browser sees of the running server, for `npm run bench` and `npm run bench:memory`.
import fs from 'node:fs';

/**
 * The JavaScript of /admin/login as it comes over the wire (Chromium's network events, compressed),
 * and how soon the members list shows its first 25 rows of the seeded members after navigation (the
 * median of 5 cold loads). Undefined without Chromium.
 */
export async function browserFigures(url, cookie) {
  const { CHROMIUM_PATH, launchBrowser } = await import('../../e2e/support/browser.ts');
  if (!fs.existsSync(CHROMIUM_PATH)) return undefined;
  const { measureWireBytes } = await import('../../e2e/support/wire-bytes.ts');
  const { medianFirstRows } = await import('../../e2e/support/first-rows.ts');
  const browser = await launchBrowser();
  try {
    const wire = await measureWireBytes(browser, `${url}/admin/login`, 'Přihlásit se');
    const name = cookie.slice(0, cookie.indexOf('='));
    const value = cookie.slice(cookie.indexOf('=') + 1);
    const rows = await medianFirstRows(browser, {
      url: `${url}/admin/clenove`,
      table: 'Členové',
      cookie: { name, value },
    });
    return { wire, rows };
  } finally {
    await browser.close();
  }
}
