import type { Browser, BrowserContext } from 'playwright-core';

/** One cold load: wall time to the first rows, and the page's main-thread time up to then. */
export interface FirstRows {
  /** Milliseconds from the start of navigation to the rows painted. */
  ms: number;
  /**
   * Milliseconds the page's main thread spent in tasks meanwhile (Chromium's `TaskDuration`, itself
   * wall time: on a busy machine it grows too). The rest of `ms` is waiting: for the network, and for
   * the processor between tasks.
   */
  mainThreadMs: number;
}

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
): Promise<FirstRows> {
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
  const devtools = await context.newCDPSession(page);
  await devtools.send('Performance.enable');
  await page.goto(url);
  await page.waitForFunction(() => (window as { firstRowsMs?: number }).firstRowsMs !== undefined, null, {
    timeout: 30_000,
  });
  const ms = await page.evaluate(() => (window as { firstRowsMs?: number }).firstRowsMs!);
  const { metrics } = await devtools.send('Performance.getMetrics');
  const taskSeconds = metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
  await page.close();
  return { ms: Math.round(ms), mainThreadMs: Math.round(taskSeconds * 1000) };
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of `runs` cold loads (each in a fresh context with the session cookie, so nothing is cached). */
export async function medianFirstRows(
  browser: Browser,
  {
    url,
    table,
    cookie,
    runs = 5,
  }: { url: string; table: string; cookie: { name: string; value: string }; runs?: number },
): Promise<{ median: number; all: number[]; mainThread: { median: number; all: number[] } }> {
  const loads: FirstRows[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ locale: 'cs-CZ', timezoneId: 'Europe/Prague' });
    await context.addCookies([{ ...cookie, url: new URL(url).origin }]);
    loads.push(await measureFirstRows(context, url, table));
    await context.close();
  }
  const all = loads.map((load) => load.ms);
  const mainThread = loads.map((load) => load.mainThreadMs);
  return { median: medianOf(all), all, mainThread: { median: medianOf(mainThread), all: mainThread } };
}
