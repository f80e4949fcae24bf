import type { EntityMeta } from '@klubovna/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { type AxeReport, describeFailures, runAxe, settled } from './support/axe.ts';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';
import { describeLayoutFailures, type LayoutReport, layoutProblems } from './support/layout.ts';
import {
  createMember,
  type MemberRecord,
  memberTable,
  openSignedIn,
  resetListSettings,
  seedMembers,
} from './support/members.ts';

let app: Klubovna;
let api: ApiSession;
let training: { groupId: number; trainingId: number };

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 740 };
/** Every entity's list screen, as the server declares them. */
let LIST_SCREENS: Array<{ path: string; title: string; entity: string }>;

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
  LIST_SCREENS = (await api.data<EntityMeta[]>('GET', '/api/cms/tables')).flatMap((entity) =>
    entity.routes ? [{ path: entity.routes.list, title: entity.labels.plural, entity: entity.alias }] : [],
  );
  training = await seedTrainingDay(await seedMembers(api));
});

/** A group of ten of `members` with a training today, for the attendance sheet and the group screens. */
async function seedTrainingDay(members: MemberRecord[]) {
  const category = await api.data<{ id: number }>('POST', '/api/cms/form/category', {
    name: 'Dorost',
    ageFrom: 15,
    ageTo: 18,
  });
  const group = await api.data<{ id: number }>('POST', '/api/cms/form/group', {
    name: 'Dorost A',
    category: category.id,
  });
  await api.data('POST', '/api/cms/action/group/set-members', {
    groupId: group.id,
    memberIds: members.slice(0, 10).map((member) => member.id),
  });
  const start = new Date(Date.now() + 60 * 60_000);
  const created = await api.data<{ id: number }>('POST', '/api/cms/form/training', {
    group: group.id,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 90 * 60_000).toISOString(),
    place: 'Hala',
  });
  return { groupId: group.id, trainingId: created.id };
}

/** Forgets the admin's settings of every list: each starts with its declared columns. */
async function resetAllListSettings() {
  for (const route of LIST_SCREENS)
    await api.data('POST', '/api/cms/user-config', { name: `datagrid.${route.entity}`, data: null });
}

/** Stores the admin's choice of a list's columns: only `keys`, in the declared order. */
async function showOnlyColumns(alias: string, keys: string[]) {
  const schema = await api.data<{ columns: { key: string }[] }>('GET', `/api/cms/datagrid/schema/${alias}`);
  await api.data('POST', '/api/cms/user-config', {
    name: `datagrid.${alias}`,
    data: { columns: schema.columns.map(({ key }) => ({ key, visible: keys.includes(key) })) },
  });
}

/** Fails unless the control can be clicked where it is: nothing (a drop-down, say) lies over its middle. */
async function expectUncovered(control: Locator, label: string) {
  const covering = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit && !element.contains(hit) ? hit.outerHTML.slice(0, 160) : null;
  });
  expect(covering, `${label} is covered by ${covering}`).toBeNull();
}

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
  // Every screen of the product in turn: 35–60 s on the 2-core CI machine, more with each new screen.
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
  }, 150_000);
});

describe.each(['light', 'dark'] as const)('every list screen at 1366 × 768 in the %s scheme', (scheme) => {
  // Every list in turn, each with axe and a layout check: 45–60 s on the 2-core CI machine.
  it('passes axe-core and fits: no list scrolls sideways or hides a column, no control is cut off', async () => {
    await resetAllListSettings();
    const { page } = await openSignedIn(app, '/admin', { viewport: LAPTOP, colorScheme: scheme });
    const reports: AxeReport[] = [];
    const layouts: LayoutReport[] = [];
    const check = async (label: string) => {
      await settled(page);
      reports.push(await runAxe(page, label));
      const crowdedOut = await page.getByText(/^Pro šířku okna skryto:/).allTextContents();
      layouts.push({
        label,
        url: page.url(),
        width: LAPTOP.width,
        problems: [...(await layoutProblems(page)), ...crowdedOut],
      });
    };
    for (const route of LIST_SCREENS) {
      await page.goto(app.url(route.path));
      await page.getByRole('heading', { level: 1, name: route.title }).waitFor();
      await check(route.title);
    }

    await page.goto(app.url('/admin/clenove'));
    await memberTable(page).getByRole('row').nth(25).waitFor();
    await openTypeFilter(page);
    await check('members list with the Typ člena filter open');

    expect(describeFailures(reports), describeFailures(reports)).toBe('');
    expect(describeLayoutFailures(layouts), describeLayoutFailures(layouts)).toBe('');
  }, 150_000);
});

/** Opens the member type's filter, ticks a type, and checks its buttons stay free to press. */
async function openTypeFilter(page: Page) {
  await memberTable(page).getByRole('button', { name: 'Filtr: Typ člena' }).click();
  const filter = page.getByRole('dialog', { name: 'Filtr: Typ člena' });
  await filter.getByRole('checkbox', { name: 'Trenér', exact: true }).check();
  await expectUncovered(filter.getByRole('button', { name: 'Hotovo – filtr Typ člena' }), 'Hotovo');
  await expectUncovered(filter.getByRole('button', { name: 'Zrušit filtr' }), 'Zrušit filtr');
}

describe.each(['light', 'dark'] as const)('key screens at 375 px in the %s scheme', (scheme) => {
  it('pass axe-core, never scroll the page sideways and cut off no control', async () => {
    await resetAllListSettings();
    const { page } = await app.newPage({ viewport: PHONE, colorScheme: scheme });
    const reports: AxeReport[] = [];
    const layouts: LayoutReport[] = [];
    const check = async (label: string) => {
      await settled(page);
      reports.push(await runAxe(page, label));
      layouts.push({ label, url: page.url(), width: PHONE.width, problems: await layoutProblems(page) });
    };
    const visit = async (path: string, ready: Locator, label: string) => {
      await page.goto(app.url(path));
      await ready.waitFor();
      await check(label);
    };
    const heading = page.getByRole('heading', { level: 1 });

    await visit('/admin/login', page.getByRole('button', { name: 'Přihlásit se' }), 'sign-in');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { name: 'Co je potřeba udělat' }).waitFor();
    await check('CMS index');
    await visit('/admin/clenove', memberTable(page).getByRole('row').nth(25), 'members list');
    // A phone has room for the surname and one more column: the one chosen in the column chooser.
    await showOnlyColumns('member', ['lastName', 'memberType']);
    await page.reload();
    await memberTable(page).getByRole('row').nth(25).waitFor();
    await openTypeFilter(page);
    await check('members list with the Typ člena filter open');
    await visit('/admin/clenove/create', page.getByLabel('Příjmení'), 'member form');
    await visit(
      '/admin/soustredeni/create',
      page.getByRole('combobox', { name: 'Cena – měna' }),
      'camp form',
    );
    await visit(
      `/admin/treninky/dochazka?id=${training.trainingId}`,
      page.getByRole('radiogroup').first(),
      'attendance sheet',
    );
    await visit(
      `/admin/clenove-skupiny/hromadne-nastaveni-skupiny?skupina=${training.groupId}`,
      page.getByRole('table', { name: 'Členové k výběru' }),
      'bulk group setup',
    );
    await visit('/admin/treninky/kalendar', heading, 'training calendar');
    await visit('/admin/user/profile', page.getByRole('heading', { name: 'Můj profil' }), 'profile');
    await visit('/admin/kos', heading, 'trash');
    await visit('/admin/web/konfigurace', heading, 'web configuration');

    expect(describeFailures(reports), describeFailures(reports)).toBe('');
    expect(describeLayoutFailures(layouts), describeLayoutFailures(layouts)).toBe('');
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
    await page.getByRole('heading', { name: 'Co je potřeba udělat' }).waitFor();
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
    await page.getByRole('heading', { name: 'Co je potřeba udělat' }).waitFor();
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
