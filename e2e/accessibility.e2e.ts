import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { type AxeReport, describeFailures, runAxe } from './support/axe.ts';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';
import { createMember, memberTable, resetListSettings, seedMembers } from './support/members.ts';

let app: Klubovna;
let api: ApiSession;

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
  await seedMembers(api);
});

afterAll(async () => {
  await app?.close();
});

/** Waits until the page has stopped changing (no DOM mutation for 300 ms), so axe sees a screen, not a transition. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let timer = window.setTimeout(done, 300);
        const observer = new MutationObserver(() => {
          window.clearTimeout(timer);
          timer = window.setTimeout(done, 300);
        });
        function done() {
          observer.disconnect();
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
  );
}

async function renewLink(): Promise<string> {
  const before = app.mailbox.mails.length;
  await fetch(app.url('/api/forgotten-password'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email }),
  });
  await expect.poll(() => app.mailbox.mails.length).toBeGreaterThan(before);
  const mail = app.mailbox.mails.at(-1)!;
  return new RegExp(`${app.server.url}(/admin/renew-password/[A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
}

describe.each(['light', 'dark'] as const)('every screen in the %s scheme', (scheme) => {
  it('has no serious or critical axe-core violation', async () => {
    const reports: AxeReport[] = [];
    const check = async (page: Page, label: string) => {
      await settled(page);
      reports.push(await runAxe(page, label));
    };
    const { page } = await app.newPage({ colorScheme: scheme });
    try {
      await walkScreens(page, scheme, check);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n\nFound so far:\n${describeFailures(reports)}`);
    }
    const failures = describeFailures(reports);
    expect(failures, failures).toBe('');
  });
});

async function walkScreens(
  page: Page,
  scheme: string,
  check: (page: Page, label: string) => Promise<void>,
): Promise<void> {
  {
    await page.goto(app.url('/admin/forgotten-password'));
    await page.getByRole('button', { name: 'Poslat odkaz' }).waitFor();
    await check(page, 'forgotten password');

    await page.goto(app.url(await renewLink()));
    await page.getByRole('heading', { name: 'Nové heslo' }).waitFor();
    await check(page, 'renew password');

    await page.goto(app.url('/admin/login'));
    await page.getByRole('button', { name: 'Přihlásit se' }).waitFor();
    await check(page, 'sign-in');
    await signIn(page, ADMIN.email, 'spatne-heslo-1');
    await page.getByRole('alert').filter({ hasText: 'Nesprávný' }).waitFor();
    await check(page, 'sign-in with an error');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { name: 'Sekce administrace' }).waitFor();
    expect(await page.evaluate(() => document.body.className)).toContain(scheme);
    await check(page, 'CMS index');

    await page.goto(app.url('/admin/user/profile'));
    await page.getByRole('heading', { name: 'Můj profil' }).waitFor();
    await check(page, 'profile');

    await page.goto(app.url('/admin/uzivatel/zmena-hesla'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check(page, 'change password');

    await page.goto(app.url('/admin/tohle/neexistuje'));
    await page.getByRole('heading', { name: 'Stránka nenalezena' }).waitFor();
    await check(page, '404');

    await resetListSettings(api);
    await page.goto(app.url('/admin/clenove'));
    await memberTable(page).getByRole('row').nth(25).waitFor();
    await check(page, 'members list');

    await memberTable(page)
      .getByRole('button', { name: /^Filtr/ })
      .first()
      .click();
    await page.getByRole('dialog').first().waitFor();
    await check(page, 'members list with a filter open');
    await page.keyboard.press('Escape');

    await page
      .getByRole('checkbox', { name: /^Vybrat / })
      .nth(1)
      .check();
    await page
      .getByRole('checkbox', { name: /^Vybrat / })
      .nth(2)
      .check();
    await page.getByText(/^Vybráno: 2/).waitFor();
    await check(page, 'members list with rows selected');

    await page.goto(app.url('/admin/clenove/create'));
    await page.getByLabel('Příjmení').waitFor();
    await check(page, 'member form, empty');
    await page.getByRole('button', { name: 'Uložit' }).click();
    await page
      .getByText(/povinn|Vyplňte/i)
      .first()
      .waitFor();
    await check(page, 'member form with validation errors');

    const member = await createMember(api, { lastName: 'Přístupná', firstName: 'Alena' });
    await page.goto(app.url(`/admin/clenove/edit?id=${member.id}`));
    await page.getByLabel('Telefon').waitFor();
    await api.data('PUT', `/api/cms/form/member/${member.id}`, { ...member, phone: '+420 600 000 001' });
    await page.getByLabel('Poznámka').fill('Změna v prohlížeči');
    await page.getByRole('button', { name: 'Uložit' }).click();
    await page.getByRole('dialog', { name: 'Záznam mezitím změnil někdo jiný' }).waitFor();
    await check(page, 'member form with the conflict dialog open');
  }
}
