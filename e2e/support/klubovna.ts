import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { ensureWebBuilt } from './build.ts';
import { type Mailbox, startMailbox } from './mailbox.ts';
import { ScreenAuditor } from './screen-auditor.ts';
import { ADMIN, type RunningServer, startServer } from './server.ts';

export { ADMIN };

/** A built web app served by a real server on a fresh database, a mailbox and a browser. */
export interface Klubovna {
  server: RunningServer;
  mailbox: Mailbox;
  browser: Browser;
  url: (path: string) => string;
  newPage: (
    options?: Parameters<Browser['newContext']>[0],
  ) => Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Checks every screen the pages of `newPage` visit with axe-core and for its layout (at the page's
   * width, 1366 px and 375 px); `close` fails on a violation or a layout problem.
   */
  auditor: ScreenAuditor;
  close: () => Promise<void>;
}

/** Starts it all, the server of this repository or of a copy of it (`root`, see startServer). */
export async function startKlubovna(options: { root?: string } = {}): Promise<Klubovna> {
  ensureWebBuilt();
  const mailbox = await startMailbox();
  const server = await startServer({ smtpUrl: mailbox.url, ...options });
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const auditor = new ScreenAuditor();
  return {
    server,
    mailbox,
    browser,
    auditor,
    url: (path) => `${server.url}${path}`,
    newPage: async (options) => {
      const context = await browser.newContext({ locale: 'cs-CZ', timezoneId: 'Europe/Prague', ...options });
      contexts.push(context);
      const page = await context.newPage();
      auditor.watch(page);
      return { context, page };
    },
    close: async () => {
      const failures = await auditor.failures();
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close().catch(() => {});
      await server.stop();
      await mailbox.close();
      console.log(`axe-core checked ${auditor.screens.length} screens: ${auditor.screens.join(', ')}`);
      console.log(
        `Layout checked ${auditor.layoutsChecked.length} times: ${auditor.layoutsChecked.join(', ')}`,
      );
      if (failures) throw new Error(failures);
    },
  };
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Heslo', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
}
