import type { BrowserContext, Page } from 'playwright-core';
import { type AxeReport, describeFailures, runAxe, settled } from './axe.ts';
import { describeLayoutFailures, LAYOUT_VIEWPORTS, type LayoutReport, layoutProblems } from './layout.ts';

/** A screen by its path, ids and tokens left out: `/admin/renew-password/…`, `/admin/clenove/edit`. */
function screenKey(url: string): string {
  const { pathname } = new URL(url);
  return pathname.replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, '/…');
}

/** Screens a second look at would change something: signing out ends the session the tests share. */
const NOT_REVISITED = [/^\/admin\/logout/];

/**
 * Checks every screen a browser test visits: after each navigation of a page (full loads and the
 * app's own route changes), once the screen has settled, axe-core runs on it (once per screen and
 * colour scheme) and its layout is checked (once per screen and width): on the test's page as it is,
 * and at each of LAYOUT_VIEWPORTS on a page of its own in the same browser context, opened at the
 * same address, so the test's page is never resized under it. `failures()` describes what failed.
 * A screen that changes without pause is left for its next visit rather than checked mid-change.
 */
export class ScreenAuditor {
  private readonly reports: AxeReport[] = [];
  private readonly layouts: LayoutReport[] = [];
  private readonly checked = new Set<string>();
  private readonly laidOut = new Set<string>();
  private readonly sidePages = new WeakMap<BrowserContext, Map<number, Promise<Page>>>();
  private pending: Promise<void> = Promise.resolve();
  /** The second looks run on a chain of their own, so the test's page is checked as soon as it settles. */
  private secondLooks: Promise<void> = Promise.resolve();

  watch(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      this.pending = this.pending.then(() => this.audit(page));
    });
  }

  private async audit(page: Page): Promise<void> {
    try {
      if (page.isClosed()) return;
      const url = page.url();
      if (!url.startsWith('http')) return;
      if (!(await settled(page))) return;
      if (page.url() !== url) return;
      await this.checkAxe(page, url);
      const width = page.viewportSize()?.width ?? 0;
      await this.checkLayout(page, url, width);
      if (NOT_REVISITED.some((pattern) => pattern.test(new URL(url).pathname))) return;
      const context = page.context();
      this.secondLooks = this.secondLooks.then(() => this.lookElsewhere(context, url, width));
    } catch {
      // The page or its context closed, or it navigated away, while being checked.
    }
  }

  /** Lays the screen at `url` out at the widths of LAYOUT_VIEWPORTS other than the test's own. */
  private async lookElsewhere(context: BrowserContext, url: string, ownWidth: number): Promise<void> {
    for (const viewport of LAYOUT_VIEWPORTS) {
      if (viewport.width === ownWidth || this.laidOut.has(`${screenKey(url)}@${viewport.width}`)) continue;
      try {
        const side = await this.sidePage(context, viewport);
        await side.goto(url);
        if (await settled(side)) await this.checkLayout(side, url, viewport.width);
      } catch {
        // The context closed meanwhile (its test ended).
      }
    }
  }

  private async checkAxe(page: Page, url: string): Promise<void> {
    const scheme = await page.evaluate(() => (document.body.classList.contains('dark') ? 'dark' : 'light'));
    const key = `${screenKey(url)} [${scheme}]`;
    if (this.checked.has(key)) return;
    await page.evaluate(() => {
      const watched = window as { auditChanges?: number; auditObserver?: MutationObserver };
      watched.auditChanges = 0;
      watched.auditObserver = new MutationObserver((records) => {
        watched.auditChanges = (watched.auditChanges ?? 0) + records.length;
      });
      watched.auditObserver.observe(document, { subtree: true, childList: true, attributes: true });
    });
    const report = await runAxe(page, screenKey(url));
    const changed = await page.evaluate(() => {
      const watched = window as { auditChanges?: number; auditObserver?: MutationObserver };
      watched.auditObserver?.disconnect();
      return (watched.auditChanges ?? 0) > 0;
    });
    // Moved on or changed meanwhile (the test opened a dialog, say): the result may mix two screens or
    // catch one half-drawn; the next visit checks it again.
    if (page.url() !== url || changed) return;
    this.checked.add(key);
    this.reports.push(report);
  }

  private async checkLayout(page: Page, url: string, width: number): Promise<void> {
    const key = `${screenKey(url)}@${width}`;
    if (this.laidOut.has(key)) return;
    const problems = await layoutProblems(page);
    if (page.url() !== url) return;
    this.laidOut.add(key);
    this.layouts.push({ label: screenKey(url), url, width, problems });
  }

  /** One page per context and width for the second looks, opened when first needed. */
  private sidePage(context: BrowserContext, viewport: { width: number; height: number }): Promise<Page> {
    let pages = this.sidePages.get(context);
    if (!pages) {
      pages = new Map();
      this.sidePages.set(context, pages);
    }
    let side = pages.get(viewport.width);
    if (!side) {
      side = context.newPage().then(async (page) => {
        await page.setViewportSize(viewport);
        return page;
      });
      pages.set(viewport.width, side);
    }
    return side;
  }

  /** Waits for the checks under way, then describes the failing ones ('' when none failed). */
  async failures(): Promise<string> {
    await this.pending;
    await this.secondLooks;
    const axe = describeFailures(this.reports);
    const layout = describeLayoutFailures(this.layouts);
    return [
      axe && `axe-core found serious or critical violations:\n${axe}`,
      layout && `Layout problems:\n${layout}`,
    ]
      .filter(Boolean)
      .join('\n');
  }

  /** The screens checked so far, for the run's summary. */
  get screens(): string[] {
    return [...this.checked];
  }

  /** The screens and widths whose layout was checked, for the run's summary. */
  get layoutsChecked(): string[] {
    return [...this.laidOut];
  }
}
