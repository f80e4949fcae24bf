import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Milliseconds from the start of navigation to the moment a list shows `rows` rows on screen: a
 * MutationObserver installed before the app's first script notes when the table has them, and the
 * time is taken in the next frame, once they are painted.
 */
export async function measureFirstRows(
  context: BrowserContext,
  url: string,
  table: string,
  rows = 25,
): Promise<number> {
  await context.addInitScript(
    ({ table, rows }) => {
      const found = () => document.querySelectorAll(`table[aria-label="${table}"] tbody tr`).length >= rows;
      const observer = new MutationObserver(() => {
        if (!found()) return;
        observer.disconnect();
        requestAnimationFrame(() =>
          setTimeout(() => {
            (window as { firstRowsMs?: number }).firstRowsMs = performance.now();
          }),
        );
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    { table, rows },
  );
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as { firstRowsMs?: number }).firstRowsMs !== undefined, null, {
    timeout: 30_000,
  });
  const ms = await page.evaluate(() => (window as { firstRowsMs?: number }).firstRowsMs!);
  await page.close();
  return Math.round(ms);
}

/** The median of `runs` cold loads (each in a fresh context with the session cookie, so nothing is cached). */
export async function medianFirstRows(
  browser: Browser,
  {
    url,
    table,
    cookie,
    runs = 5,
  }: { url: string; table: string; cookie: { name: string; value: string }; runs?: number },
): Promise<{ median: number; all: number[] }> {
  const all: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ locale: 'cs-CZ', timezoneId: 'Europe/Prague' });
    await context.addCookies([{ ...cookie, url: new URL(url).origin }]);
    all.push(await measureFirstRows(context, url, table));
    await context.close();
  }
  const sorted = [...all].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, all };
}
