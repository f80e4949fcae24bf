import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { failuresInBothSchemes } from './support/axe.ts';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';
import { createMember, flash, getMember, openSignedIn } from './support/members.ts';
import { createPersonAccount, makeGuardian, pairAccount } from './support/people.ts';

// Each person sees what is theirs: a parent of two and a trainer sign in with the lowest role and land on
// their own page; the office handles a member's personal data on the member's form.

let app: Klubovna;
let api: ApiSession;

const PASSWORD = 'Rodinna-vylet-na-kolech-5';
const PARENT = { email: 'radka.rehorova@klub.test', firstName: 'Radka', lastName: 'Řehořová' };
const TRAINER = { email: 'tomas.treneruv@klub.test', firstName: 'Tomáš', lastName: 'Trenérský' };
const PHONE = { width: 375, height: 740 };
/** January of next year: in the future, in winter time (UTC+1), whatever today is. */
const WINTER = new Date().getUTCFullYear() + 1;

const member: Record<'sarka' | 'vojtech' | 'stranger' | 'trainer' | 'former', number> = {
  sarka: 0,
  vojtech: 0,
  stranger: 0,
  trainer: 0,
  former: 0,
};

interface ConsentRow {
  id: number;
  version: number;
  kind: string;
  granted: boolean;
  member: number;
}

/** The consents of a member as the office's API lists them. */
async function consentsOf(memberId: number): Promise<ConsentRow[]> {
  const page = await api.data<{ items: ConsentRow[] }>(
    'GET',
    `/api/cms/datagrid/consent?filter[member]=${memberId}&limit=100`,
  );
  return page.items;
}

/** Signs in at the sign-in page, lands on the home screen and opens the person's own page. */
async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto(app.url('/admin/login'));
  await signIn(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.goto(app.url('/admin/muj-klub'));
}

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
  const made = async (firstName: string, lastName: string, extra: Record<string, unknown> = {}) =>
    (await createMember(api, { firstName, lastName, ...extra })).id;
  member.sarka = await made('Šárka', 'Řehořová', { birthDate: '2015-04-02', phone: '+420 777 111 222' });
  member.vojtech = await made('Vojtěch', 'Řehoř', { birthDate: '2017-09-20' });
  member.stranger = await made('Olga', 'Cizí', { address: 'Dlouhá 12, Praha', phone: '+420 606 000 999' });
  member.trainer = await made(TRAINER.firstName, TRAINER.lastName, { memberType: 'TRAINER' });
  member.former = await made('Bohdana', 'Bývalá', { email: 'bohdana@posta.test', active: false });

  const group = await api.data<{ id: number }>('POST', '/api/cms/form/group', {
    name: 'Přípravka',
    trainers: [member.trainer],
  });
  for (const child of [member.sarka, member.vojtech])
    await api.data('POST', '/api/cms/form/group-member', {
      group: group.id,
      member: child,
      validFrom: '2026-09-01',
    });
  await api.data('POST', '/api/cms/form/training', {
    group: group.id,
    startsAt: `${WINTER}-01-14T15:00:00Z`,
    endsAt: `${WINTER}-01-14T16:30:00Z`,
    place: 'Sokolovna',
  });
  await api.data('POST', '/api/cms/form/training', {
    group: group.id,
    startsAt: `${WINTER}-01-16T15:00:00Z`,
    endsAt: `${WINTER}-01-16T16:30:00Z`,
    cancelled: true,
    cancelReason: 'Hala je zavřená',
  });

  const parent = await createPersonAccount(api, { ...PARENT, password: PASSWORD });
  for (const child of [member.sarka, member.vojtech])
    await makeGuardian(api, parent, child, `${PARENT.firstName} ${PARENT.lastName}`);
  const trainer = await createPersonAccount(api, { ...TRAINER, password: PASSWORD });
  await pairAccount(api, trainer, member.trainer);

  await api.data('POST', '/api/cms/form/guardian', {
    member: member.former,
    name: 'Bořivoj Bývalý',
    relationship: 'FATHER',
  });
  await api.data('POST', '/api/cms/form/consent', {
    member: member.former,
    kind: 'CLUB_EMAILS',
    granted: true,
    givenBy: 'Bohdana Bývalá',
  });
});

afterAll(async () => {
  await app?.close();
});

describe('each person sees what is theirs', () => {
  it('lands a parent on a phone on their own page: both children, a consent changed, a phone corrected, no one else', async () => {
    const { page } = await app.newPage({ viewport: PHONE });
    await signInAs(page, PARENT.email);
    await page.getByRole('heading', { level: 1, name: 'Můj klub' }).waitFor();
    const sarka = page.getByRole('article', { name: /Šárka Řehořová/ });
    const vojtech = page.getByRole('article', { name: /Vojtěch Řehoř/ });
    await sarka.getByText('dítě', { exact: true }).waitFor();
    await vojtech.getByText('dítě', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
    await sarka.getByText('Skupina: Přípravka').waitFor();
    await sarka.getByText(new RegExp(`14\\. 1\\. ${WINTER}, 16:00–17:30`)).waitFor();
    await sarka.getByText('Přípravka · Sokolovna').waitFor();
    // The cancelled training stays in the list, marked.
    await sarka.getByText(new RegExp(`16\\. 1\\. ${WINTER}, 16:00–17:30`)).waitFor();
    await sarka.getByText('Zrušeno', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await failuresInBothSchemes(page, sarka.getByText('Skupina: Přípravka'))).toEqual({
      light: '',
      dark: '',
    });

    // The menu behind the button: their own page first, no office or trainer screens.
    await page.getByRole('button', { name: 'Otevřít navigaci' }).click();
    const menu = page.getByRole('navigation', { name: 'Hlavní navigace' });
    await menu.getByRole('link', { name: 'Můj klub' }).waitFor();
    const hrefs = await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.slice(0, 2)).toEqual(['/admin', '/admin/muj-klub']);
    for (const office of [
      '/admin/clenove-skupiny/hromadne-nastaveni-skupiny',
      '/admin/clenove/hromadne-parovani',
      '/admin/treninky/dochazka',
      '/admin/uzivatele',
    ])
      expect(hrefs).not.toContain(office);
    await page.getByRole('button', { name: 'Zavřít navigaci' }).click();

    // The palette offers a new record only where the person may create one.
    const search = page.getByRole('textbox', { name: 'Hledat obrazovku nebo záznam' });
    await page.keyboard.press('Control+K');
    await search.fill('nový souhlas');
    await page.getByRole('button', { name: /^Nový souhlas/ }).waitFor();
    await search.fill('nový člen');
    await page.getByText('Nic nenalezeno.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => search.isVisible()).toBe(false);

    // A consent given by keyboard, saved at once.
    const photos = sarka.getByRole('switch', { name: 'Fotografie na veřejném webu' });
    await photos.focus();
    await page.keyboard.press('Space');
    await flash(page, 'Uloženo').first().waitFor();
    await expect
      .poll(async () => (await consentsOf(member.sarka)).map((row) => [row.kind, row.granted]))
      .toEqual([['PUBLIC_PHOTOS', true]]);
    await expect.poll(() => photos.isChecked()).toBe(true);

    // Revoked after a confirmation: the same record changes.
    await photos.click();
    const dialog = page.getByRole('dialog', { name: 'Odvolat souhlas?' });
    await dialog.getByText('Fotografie na veřejném webu – Šárka Řehořová.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Odvolat souhlas' }).click();
    await expect
      .poll(async () => (await consentsOf(member.sarka)).map((row) => [row.granted, row.version]))
      .toEqual([[false, 2]]);
    await expect.poll(() => photos.isChecked()).toBe(false);

    // A child's phone corrected in the card's own form.
    await vojtech.getByRole('button', { name: 'Upravit kontakt – Vojtěch Řehoř' }).click();
    await vojtech.getByLabel('Telefon').fill('+420 731 222 333');
    expect(await vojtech.getByLabel('Datum narození').count()).toBe(0);
    await vojtech.getByRole('button', { name: 'Uložit' }).click();
    await vojtech.getByText('+420 731 222 333').waitFor();
    expect((await getMember(api, member.vojtech)).body.data?.phone).toBe('+420 731 222 333');

    // Another member's record does not exist for them, in the browser and in the API.
    await page.goto(app.url(`/admin/clenove/edit?id=${member.stranger}`));
    await page.getByText('Záznam nenalezen').waitFor();
    expect(await page.getByText('Dlouhá 12, Praha').count()).toBe(0);
    const theirs = await apiSession(app.server.url, PARENT.email, PASSWORD);
    expect((await theirs.request('GET', `/api/cms/form/member/${member.stranger}`)).status).toBe(404);
  });

  it('lands a trainer on their own page with the way to attendance of the group they train', async () => {
    const { page } = await app.newPage();
    await signInAs(page, TRAINER.email);
    const trains = page.getByRole('region', { name: 'Trénujete' });
    await trains.getByRole('link', { name: 'Přípravka' }).waitFor();
    await page
      .getByRole('article', { name: /Tomáš Trenérský/ })
      .getByText('vlastní účet')
      .waitFor();
    const menu = page.getByRole('navigation', { name: 'Hlavní navigace' });
    await menu.getByRole('link', { name: 'Docházka' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Hromadné nastavení skupiny' }).count()).toBe(0);
    await trains.getByRole('link', { name: 'Docházka' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/treninky/dochazka');
    await page.getByRole('heading', { level: 1, name: 'Docházka' }).waitFor();
    expect(await page.getByText('K této stránce nemáte přístup').count()).toBe(0);
  });

  it('gives the office a member’s data as one file and anonymises a former member after a confirmation', async () => {
    const { page } = await openSignedIn(app, `/admin/clenove/edit?id=${member.former}`);
    const guardians = page.getByRole('region', { name: 'Zákonní zástupci' });
    await guardians.getByRole('link', { name: 'Bořivoj Bývalý' }).waitFor();
    const consents = page.getByRole('region', { name: 'Souhlasy' });
    await consents.getByRole('link', { name: 'E-maily od klubu' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Stáhnout osobní údaje' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Osobní údaje – Bohdana Bývalá – \d{4}-\d{2}-\d{2}\.json$/);
    const held = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(held.member.email).toBe('bohdana@posta.test');
    expect(held.guardians.map((row: { name: string }) => row.name)).toEqual(['Bořivoj Bývalý']);
    expect(held.consents).toHaveLength(1);

    await page.getByRole('button', { name: 'Anonymizovat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anonymizovat bývalého člena?' });
    await dialog.getByText(/^Anonymizovat člena Bohdana Bývalá\?/).waitFor();
    await dialog.getByRole('button', { name: 'Anonymizovat' }).click();
    await flash(page, 'Člen je anonymizován.').waitFor();
    await expect.poll(() => page.getByLabel('Jméno').inputValue()).toBe('Anonymizovaný');
    await consents.getByText('Člen zatím nedal žádný souhlas.').waitFor();
    const erased = (await getMember(api, member.former)).body.data!;
    expect([erased.firstName, erased.lastName, erased.email]).toEqual([
      'Anonymizovaný',
      `člen ${member.former}`,
      null,
    ]);

    // An active member cannot be anonymised; a consent is added from the panel with the member filled in.
    await page.goto(app.url(`/admin/clenove/edit?id=${member.stranger}`));
    await page.getByRole('button', { name: 'Stáhnout osobní údaje' }).waitFor();
    expect(await page.getByRole('button', { name: 'Anonymizovat' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Přidat souhlas' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/souhlasy/create');
    await expect.poll(() => page.getByRole('combobox', { name: 'Člen' }).inputValue()).toBe('Cizí Olga');
  });
});
