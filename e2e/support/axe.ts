import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page as a global
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>)
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

/**
 * The screen's serious and critical violations in the light and then the dark scheme (the stored
 * choice, then a reload), `ready` waited for each time; the light scheme is stored again at the end.
 */
export async function violationsInBothSchemes(page: Page, ready: Locator): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), scheme);
    await page.reload();
    await ready.waitFor();
    await page.waitForFunction((value) => document.body.classList.contains(value), scheme);
    found[scheme] = await seriousViolations(page);
  }
  await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
  return found;
}
