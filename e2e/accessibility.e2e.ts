import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { type AxeReport, describeFailures, runAxe, settled } from './support/axe.ts';
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

interface TabWalk {
  /** Controls a keyboard user must be able to reach that Tab never reached. */
  missed: string[];
  /** Controls that took focus without a visible focus indicator. */
  invisibleFocus: string[];
  stops: number;
}

/**
 * Presses Tab from the top of the page until focus comes round again, and compares the controls it
 * reached with every visible, enabled control of the page (one radio button per group, as browsers
 * do). Each focused control must show a focus indicator (an outline, a ring or a changed border).
 */
async function walkByTab(page: Page): Promise<TabWalk> {
  await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]',
    );
    let index = 0;
    for (const control of controls) control.dataset.walk = String(index++);
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const reached = new Set<string>();
  const invisibleFocus: string[] = [];
  let stops = 0;
  for (; stops < 400; stops++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      let ring =
        (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
      if (!ring) {
        // Text fields show focus by their border colour (a password field by its wrapper's): compare
        // the field and its wrapper with how they look at rest.
        const look = () =>
          [element, element.parentElement]
            .map((node) => (node ? getComputedStyle(node) : undefined))
            .map((css) => `${css?.borderColor} ${css?.boxShadow} ${css?.outlineStyle}`)
            .join('|');
        const focusedLook = look();
        element.blur();
        const restingLook = look();
        element.focus({ preventScroll: true });
        ring = focusedLook !== restingLook;
      }
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return {
        id: element.dataset.walk ?? '',
        label: `${element.tagName.toLowerCase()} "${name}" ${element.outerHTML.slice(0, 120)}`,
        ring,
      };
    });
    if (!focused) continue;
    if (reached.has(focused.id)) break;
    reached.add(focused.id);
    if (!focused.ring) invisibleFocus.push(focused.label);
  }
  const missed = await page.evaluate(
    (reachedIds) => {
      const seenRadioGroups = new Set<string>();
      return [...document.querySelectorAll<HTMLElement>('[data-walk]')].flatMap((element) => {
        const visible =
          element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
        const disabled =
          (element as HTMLButtonElement).disabled || element.closest('[inert],[aria-hidden="true"]');
        const skipped = element.tabIndex < 0 || (element as HTMLInputElement).type === 'hidden';
        if (!visible || disabled || skipped) return [];
        if ((element as HTMLInputElement).type === 'radio') {
          const group = (element as HTMLInputElement).name;
          if (seenRadioGroups.has(group)) return [];
          seenRadioGroups.add(group);
          const reachedInGroup = [
            ...document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${group}"]`),
          ].some((radio) => reachedIds.includes(radio.dataset.walk ?? ''));
          return reachedInGroup ? [] : [`radio group ${group}`];
        }
        if (reachedIds.includes(element.dataset.walk ?? '')) return [];
        return [
          `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)}"`,
        ];
      });
    },
    [...reached],
  );
  return { missed, invisibleFocus, stops };
}

describe('by keyboard alone', () => {
  it('reaches every control with Tab, shows where focus is, and closes dialogs with Escape', async () => {
    await resetListSettings(api);
    const { page } = await app.newPage();
    const expectWalk = async (screen: string) => {
      await settled(page);
      const walk = await walkByTab(page);
      expect(walk.missed, `${screen}: controls Tab never reached`).toEqual([]);
      expect(walk.invisibleFocus, `${screen}: focus not visible`).toEqual([]);
      expect(walk.stops, screen).toBeGreaterThan(2);
    };

    await page.goto(app.url('/admin/login'));
    await page.getByRole('button', { name: 'Přihlásit se' }).waitFor();
    await expectWalk('sign-in');
    // Signing in by keyboard: type, Tab, type, Enter.
    await page.getByLabel('E-mail', { exact: true }).focus();
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sekce administrace' }).waitFor();
    await expectWalk('CMS index');

    await page.goto(app.url('/admin/clenove'));
    await memberTable(page).getByRole('row').nth(25).waitFor();
    await expectWalk('members list');

    // A filter pop-over opens from its button by keyboard and Escape closes it, focus back on the button.
    const filterButton = memberTable(page)
      .getByRole('button', { name: /^Filtr: / })
      .first();
    await filterButton.focus();
    await page.keyboard.press('Enter');
    const filter = page.getByRole('dialog', { name: /^Filtr: / });
    await filter.waitFor();
    await page.keyboard.press('Escape');
    await filter.waitFor({ state: 'detached' });
    await expect
      .poll(() => filterButton.evaluate((element) => element === document.activeElement))
      .toBe(true);

    // The delete confirmation closes with Escape and deletes nothing.
    await page
      .getByRole('button', { name: /^Smazat / })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: /^Smazat člena / });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await memberTable(page).getByRole('row').count()).toBe(26);

    await page.goto(app.url('/admin/clenove/create'));
    await page.getByLabel('Příjmení').waitFor();
    await expectWalk('member form');

    // The user menu opens from the keyboard and closes with Escape.
    const menuButton = page.getByRole('button', { name: /^Uživatelské menu/ });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });
});
