import type { Page } from 'playwright-core';

/** The widths every screen a test visits is laid out at, besides the test's own: a laptop and a phone. */
export const LAYOUT_VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 375, height: 740 },
] as const;

/** From this width on a list must fit its box: no sideways scrolling of a datagrid on a laptop or wider. */
export const LIST_FITS_FROM = 1280;

export interface LayoutReport {
  label: string;
  url: string;
  width: number;
  problems: string[];
}

/**
 * What is wrong with the page's layout as it is now, in words: the page scrolling sideways (and the
 * outermost elements sticking out), a datagrid wider than its box at laptop widths, and controls
 * (buttons, inputs, selects, segmented controls) whose content is cut off: an element inside a
 * control that clips its overflow and has more content than room (a text input counts as clipping).
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((listFitsFrom) => {
    const problems: string[] = [];
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).value ??
        element.textContent?.trim().slice(0, 40) ??
        '';
      const classes = [...element.classList].filter((name) => name.startsWith('mantine-')).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${String(name).slice(0, 40)}"`;
    };
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Visually hidden text (1 px, clipped) is for screen readers: it is meant to be cut.
      return rect.width > 2 && rect.height > 2 && style.visibility !== 'hidden' && style.display !== 'none';
    };

    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      const sticking = [...document.body.querySelectorAll('*')].filter((element) => {
        const right = element.getBoundingClientRect().right;
        const parent = element.parentElement;
        return (
          right > root.clientWidth + 1 &&
          shown(element) &&
          (!parent || parent.getBoundingClientRect().right <= root.clientWidth + 1)
        );
      });
      problems.push(
        `the page scrolls sideways (${root.scrollWidth} px in ${root.clientWidth} px): ${sticking
          .slice(0, 3)
          .map(describe)
          .join(', ')}`,
      );
    }

    if (window.innerWidth >= listFitsFrom) {
      for (const scroller of document.querySelectorAll<HTMLElement>('[data-grid-scroller]')) {
        const table = scroller.querySelector('table');
        if (table && table.scrollWidth > scroller.clientWidth + 1)
          problems.push(
            `the list "${table.getAttribute('aria-label')}" scrolls sideways (${table.scrollWidth} px in ${scroller.clientWidth} px)`,
          );
      }
    }

    const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', '']);
    const controls = document.querySelectorAll(
      'button, [role="button"], [role="radiogroup"], [role="combobox"], input, select, .mantine-SegmentedControl-root',
    );
    const reported = new Set<Element>();
    for (const control of controls) {
      if (!shown(control)) continue;
      for (const element of [control, ...control.querySelectorAll('*')]) {
        if (reported.has(element) || !(element instanceof HTMLElement) || !shown(element)) continue;
        const textInput = element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type);
        if (element instanceof HTMLInputElement && !textInput) continue;
        const clips = textInput || getComputedStyle(element).overflowX !== 'visible';
        if (clips && element.scrollWidth > element.clientWidth + 1) {
          reported.add(element);
          problems.push(
            `cut off: ${describe(element)} shows ${element.clientWidth} of ${element.scrollWidth} px`,
          );
        }
      }
    }
    return problems;
  }, LIST_FITS_FROM);
}

/** Checks the page as it is now and fails on a layout problem. */
export async function expectLaidOut(page: Page, label: string): Promise<void> {
  const problems = await layoutProblems(page);
  if (problems.length > 0)
    throw new Error(`${label} at ${page.viewportSize()?.width} px:\n  ${problems.join('\n  ')}`);
}

/** The layout problems of reports, as one readable message (empty when there are none). */
export function describeLayoutFailures(reports: LayoutReport[]): string {
  return reports
    .filter((report) => report.problems.length > 0)
    .map(
      (report) => `${report.label} at ${report.width} px ${report.url}:\n  ${report.problems.join('\n  ')}`,
    )
    .join('\n');
}
