import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations inside `scope` (a CSS selector; the whole page by
 * default), one line per element: the rule, the element, and for contrast the colours and ratio.
 */
export async function seriousViolations(page: Page, scope = 'html'): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (include) => {
    type Node = { target: string[]; html: string; any: Array<{ data?: Record<string, unknown> }> };
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page as a global
    const axe = (window as any).axe;
    const result = await axe.run({ include: [include] }, { resultTypes: ['violations'] });
    const describe = (node: Node) => {
      const data = node.any[0]?.data;
      const colours = data?.contrastRatio
        ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}`
        : '';
      return `${node.target.join(' ')} ${node.html.slice(0, 100)}${colours}`;
    };
    return (result.violations as Array<{ id: string; impact: string; nodes: Node[] }>)
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${describe(node)}`));
  }, scope);
}

/**
 * The violations inside `scope` in the light and then the dark scheme (the stored choice, then a
 * reload), `ready` waited for each time; the light scheme is stored again at the end.
 */
export async function violationsInBothSchemes(
  page: Page,
  ready: Locator,
  scope = 'html',
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), scheme);
    await page.reload();
    await ready.waitFor();
    await page.waitForFunction((value) => document.body.classList.contains(value), scheme);
    found[scheme] = await seriousViolations(page, scope);
  }
  await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
  return found;
}
