import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build; evaluated through the DevTools protocol, which the page's CSP does not govern. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** What fails a screen: the impacts a person using assistive technology cannot work around. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

export interface AxeReport {
  /** Where and in what state the screen was checked, for messages. */
  label: string;
  url: string;
  scheme: string;
  violations: AxeViolation[];
}

/** Runs axe-core (WCAG 2.x A and AA, best practices) on the page as it is now. Every rule stays on. */
export async function runAxe(page: Page, label: string): Promise<AxeReport> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const page = window as unknown as {
      axe: { run: (context: unknown, options: unknown) => Promise<unknown> };
      axeQueue?: Promise<unknown>;
    };
    // One run at a time on a page (the screen auditor and a test may both ask).
    const run = (page.axeQueue ?? Promise.resolve())
      .catch(() => {})
      .then(() =>
        page.axe.run(document, {
          resultTypes: ['violations'],
          runOnly: {
            type: 'tag',
            values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
          },
        }),
      );
    page.axeQueue = run;
    const outcome = (await run) as {
      violations: {
        id: string;
        impact: string;
        help: string;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      }[];
    };
    return {
      scheme: document.body.classList.contains('dark') ? 'dark' : 'light',
      violations: outcome.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? 'minor',
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String).join(' '),
          html: node.html.slice(0, 200),
          summary: (node.failureSummary ?? '').slice(0, 300),
        })),
      })),
    };
  });
  return { label, url: page.url(), ...result };
}

/** The serious and critical violations of a report, as one readable message (empty when there are none). */
export function describeFailures(reports: AxeReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const violation of report.violations.filter((entry) => FAILING_IMPACTS.has(entry.impact))) {
      lines.push(
        `${report.label} [${report.scheme}] ${report.url}: ${violation.id} (${violation.impact}, ${violation.nodes.length}×) ${violation.help}`,
      );
      for (const node of violation.nodes.slice(0, 4))
        lines.push(`    ${node.target}  ${node.html}\n      ${node.summary}`);
    }
  }
  return lines.join('\n');
}

/** Checks the page as it is now and fails on a serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<AxeReport> {
  const report = await runAxe(page, label);
  const failures = describeFailures([report]);
  if (failures) throw new Error(`axe-core found serious or critical violations:\n${failures}`);
  return report;
}

/** Waits until the page has stopped changing (no DOM mutation for `quietMs`); false if it never did within `timeoutMs`. */
export async function settled(page: Page, quietMs = 300, timeoutMs = 10_000): Promise<boolean> {
  return page.evaluate(
    ({ quietMs, timeoutMs }) =>
      new Promise<boolean>((resolve) => {
        const finish = (value: boolean) => {
          observer.disconnect();
          window.clearTimeout(quiet);
          window.clearTimeout(deadline);
          resolve(value);
        };
        let quiet = window.setTimeout(() => finish(true), quietMs);
        const deadline = window.setTimeout(() => finish(false), timeoutMs);
        const observer = new MutationObserver(() => {
          window.clearTimeout(quiet);
          quiet = window.setTimeout(() => finish(true), quietMs);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    { quietMs, timeoutMs },
  );
}

/**
 * The failing violations of the page in the light and then the dark scheme (the stored choice, then a
 * reload, `prepare` run and `ready` waited for each time), as `describeFailures` writes them; light is
 * stored again after. `prepare` brings back what a reload closes (an open dialog, say).
 */
export async function failuresInBothSchemes(
  page: Page,
  ready: Locator,
  prepare?: () => Promise<void>,
): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), scheme);
    await page.reload();
    await prepare?.();
    await ready.waitFor();
    await page.waitForFunction((value) => document.body.classList.contains(value), scheme);
    await settled(page);
    found[scheme] = describeFailures([await runAxe(page, new URL(page.url()).pathname)]);
  }
  await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
  return found;
}
