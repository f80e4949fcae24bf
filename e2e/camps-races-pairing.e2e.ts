import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileAccount } from './support/accounts.ts';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { failuresInBothSchemes } from './support/axe.ts';
import { ADMIN, type Klubovna, startKlubovna } from './support/klubovna.ts';
import { createMember, flash, openSignedIn } from './support/members.ts';

let app: Klubovna;
let api: ApiSession;

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await app?.close();
});

/** Picks a member in a record picker by typing part of the name. */
async function pickMember(page: Page, label: string, typed: string, option: string | RegExp) {
  const picker = page.getByRole('combobox', { name: label, exact: true });
  await picker.click();
  await picker.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

describe('camps, races and pairing in the browser', () => {
  it('fills a camp to capacity, puts the next on the waiting list, exports it, and moves them up', async () => {
    for (const [firstName, lastName, birthDate] of [
      ['Alois', 'Kapacitní', '2012-01-15'],
      ['Běla', 'Kapacitní', '2013-02-16'],
      ['Cecílie', 'Čekatelová', '2014-03-17'],
    ])
      await createMember(api, { firstName, lastName, birthDate });
    const camp = await api.data<{ id: number }>('POST', '/api/cms/form/camp', {
      name: 'Letní Orlice',
      dateFrom: '2027-07-05',
      dateTo: '2027-07-12',
      capacity: 2,
      price: { amount: 350_000, currency: 'CZK' },
    });
    const { page } = await openSignedIn(app, `/admin/soustredeni/edit?id=${camp.id}`);
    await page.getByRole('heading', { name: 'Úprava soustředění: Letní Orlice' }).waitFor();
    const participants = page.getByRole('table', { name: 'Účastníci' });
    const waiting = page.getByRole('table', { name: 'Čekací listina' });

    await pickMember(page, 'Přihlásit člena', 'alois', /Kapacitní Alois/);
    await page.getByRole('button', { name: 'Přihlásit', exact: true }).click();
    await flash(page, 'Přihlášeno: Kapacitní Alois.').waitFor();
    await pickMember(page, 'Přihlásit člena', 'bela', /Kapacitní Běla/);
    await page.getByRole('button', { name: 'Přihlásit', exact: true }).click();
    await participants.getByRole('row', { name: /Kapacitní Běla/ }).waitFor();
    await page.getByText('(2 z 2)').waitFor();
    await pickMember(page, 'Přihlásit člena', 'cekatel', /Čekatelová Cecílie/);
    await page.getByRole('button', { name: 'Přihlásit', exact: true }).click();
    await flash(page, 'Soustředění je plné: Čekatelová Cecílie čeká na uvolněné místo.').waitFor();
    await waiting.getByRole('row', { name: /1\. Čekatelová Cecílie/ }).waitFor();

    // The waiting list exported for Czech Excel.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Čekací listina – CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Letní Orlice – čekací listina.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toBe(
      '\uFEFFPořadí;Příjmení;Jméno;Datum narození;Adresa;Skupina;Platba;Poznámka\r\n' +
        // Who waits has no payment request yet.
        '1;Čekatelová;Cecílie;17. 3. 2014;;;;\r\n',
    );
    await page.keyboard.press('Escape');

    expect(await failuresInBothSchemes(page, waiting)).toEqual({ light: '', dark: '' });

    // Alois signs off: Cecílie moves up.
    await page.getByRole('button', { name: 'Odhlásit účastníka soustředění Alois Kapacitní' }).click();
    await page
      .getByRole('dialog', { name: 'Odhlásit účastníka soustředění Alois Kapacitní?' })
      .getByRole('button', { name: 'Odhlásit' })
      .click();
    await participants.getByRole('row', { name: /Čekatelová Cecílie/ }).waitFor();
    await page.getByText('Nikdo nečeká.').waitFor();
    await page.getByText('(2 z 2)').waitFor();

    // Alois signs up again and waits; a larger camp, saved in the form above, lets him in.
    await pickMember(page, 'Přihlásit člena', 'alois', /Kapacitní Alois/);
    await page.getByRole('button', { name: 'Přihlásit', exact: true }).click();
    await waiting.getByRole('row', { name: /1\. Kapacitní Alois/ }).waitFor();
    await page.getByLabel('Kapacita').fill('3');
    await page.getByRole('button', { name: 'Uložit', exact: true }).click();
    await participants.getByRole('row', { name: /Kapacitní Alois/ }).waitFor();
    await page.getByText('(3 z 3)').waitFor();
    await page.getByText('Nikdo nečeká.').waitFor();
  });

  it('pairs a profile with a member from a suggestion and shows it in the member form', async () => {
    const member = await createMember(api, {
      firstName: 'Žofie',
      lastName: 'Párová',
      email: 'zofie.parova@rodina.test',
    });
    await createProfileAccount(api, {
      email: 'zofie.parova@rodina.test',
      firstName: 'Zofie',
      lastName: 'Parova',
    });
    const { page } = await openSignedIn(app, '/admin/clenove/hromadne-parovani');
    const profile = page.getByRole('article', { name: 'Profil Zofie Parova' });
    await profile.getByText('Jistá shoda').waitFor();
    await profile.getByText('stejný e-mail, stejné jméno').waitFor();

    expect(await failuresInBothSchemes(page, profile)).toEqual({ light: '', dark: '' });

    await profile
      .getByRole('button', { name: 'Spárovat profil zofie.parova@rodina.test se členem Žofie Párová' })
      .click();
    await flash(page, 'Spárováno: zofie.parova@rodina.test – Žofie Párová.').waitFor();
    await profile.waitFor({ state: 'detached' });
    const paired = page.getByRole('region', { name: 'Spárované profily' });
    await paired.getByText('zofie.parova@rodina.test').waitFor();

    // Two more sure matches, accepted at once; a mere namesake by surname is not suggested.
    await createMember(api, { firstName: 'Ota', lastName: 'Hromadný', email: 'ota@rodina.test' });
    await createMember(api, { firstName: 'Iva', lastName: 'Hromadná', email: 'iva@rodina.test' });
    await createMember(api, { firstName: 'Petr', lastName: 'Jinak' });
    for (const [email, firstName, lastName] of [
      ['ota@rodina.test', 'Ota', 'Hromadný'],
      ['iva@rodina.test', 'Iva', 'Hromadná'],
      ['pavel.jinak@rodina.test', 'Pavel', 'Jinak'],
    ] as const)
      await createProfileAccount(api, { email, firstName, lastName });
    await page.reload();
    const stranger = page.getByRole('article', { name: 'Profil Pavel Jinak' });
    await stranger.getByText('Žádný návrh: vyberte člena ručně.').waitFor();
    await page.getByRole('button', { name: 'Přijmout všechny jisté návrhy (2)' }).click();
    await page
      .getByRole('dialog')
      .getByText('Spárovat 2 dvojice profilů a členů najednou?', { exact: false })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Spárovat vše' }).click();
    await flash(page, 'Spárováno: 2 dvojice.').waitFor();
    await page.getByRole('article', { name: 'Profil Ota Hromadný' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Přijmout všechny jisté návrhy (0)' }).waitFor();

    await page.goto(app.url(`/admin/clenove/edit?id=${member.id}`));
    const panel = page.getByRole('region', { name: 'Spárované profily' });
    await panel.getByText('zofie.parova@rodina.test').waitFor();
    await page.getByRole('region', { name: 'Závody' }).getByText('Člen zatím nezávodil.').waitFor();
    expect(await failuresInBothSchemes(page, panel.getByText('zofie.parova@rodina.test'))).toEqual({
      light: '',
      dark: '',
    });
  });

  it('keeps the pairing screen readable in every state: each kind of suggestion, none, paired, a picker open', async () => {
    await createMember(api, { firstName: 'Lída', lastName: 'Jediná', birthDate: '2011-02-03' });
    for (const birthDate of ['1980-01-01', '2012-06-15'])
      await createMember(api, { firstName: 'Martin', lastName: 'Dvojí', birthDate, memberType: 'ATHLETE' });
    for (const [email, firstName, lastName] of [
      ['lida@rodina.test', 'Lída', 'Jediná'],
      ['martin@rodina.test', 'Martin', 'Dvojí'],
      ['nikdo@rodina.test', 'Nikdo', 'Neznámý'],
    ] as const)
      await createProfileAccount(api, { email, firstName, lastName });
    const { page } = await openSignedIn(app, '/admin/clenove/hromadne-parovani');
    const likely = page.getByRole('article', { name: 'Profil Lída Jediná' });
    const openPicker = async () => {
      await page
        .getByRole('article', { name: 'Profil Martin Dvojí' })
        .getByText('Možná shoda')
        .first()
        .waitFor();
      await likely.getByText('Pravděpodobná shoda').waitFor();
      const picker = page.getByRole('combobox', { name: 'Jiný člen pro nikdo@rodina.test' });
      await picker.click();
      await picker.fill('dvoji');
    };
    const options = page.getByRole('option', { name: /Dvojí Martin/ });
    expect(await failuresInBothSchemes(page, options.first(), openPicker)).toEqual({ light: '', dark: '' });
    // Two of one name in the picker are told apart by year of birth and type.
    await options.filter({ hasText: '1980 · Závodník' }).waitFor();
    await options.filter({ hasText: '2012 · Závodník' }).waitFor();

    // Every profile paired: the screen says so in a green alert, which must read as well.
    const waiting = await api.data<{ profiles: Array<{ id: number }> }>(
      'GET',
      '/api/admin/profile/get-suggestions',
    );
    for (const profile of waiting.profiles) {
      const member = await createMember(api, { firstName: 'Pro', lastName: `Profil ${profile.id}` });
      await api.data('POST', '/api/admin/profile/pair-profile-member', {
        profileId: profile.id,
        memberId: member.id,
      });
    }
    const allPaired = page.getByText('Vše spárováno');
    expect(await failuresInBothSchemes(page, allPaired)).toEqual({ light: '', dark: '' });
  });

  it('enters a race result in the race form and shows the race in the member form', async () => {
    const member = await createMember(api, { firstName: 'Radek', lastName: 'Závodník' });
    const race = await api.data<{ id: number }>('POST', '/api/cms/form/race', {
      name: 'Kros Klánovice',
      dateFrom: '2026-10-03',
      categories: 'Muži, Ženy',
    });
    const { page } = await openSignedIn(app, `/admin/zavody/edit?id=${race.id}`);
    await page.getByRole('heading', { name: 'Úprava závodu: Kros Klánovice' }).waitFor();
    await pickMember(page, 'Přihlásit člena', 'zavodnik', /Závodník Radek/);
    await page.getByRole('button', { name: 'Přihlásit', exact: true }).click();
    await flash(page, 'Přihlášeno do závodu: Závodník Radek.').waitFor();
    await page.getByRole('textbox', { name: 'Čas – Radek Závodník' }).fill('38:41,5');
    await page.getByRole('textbox', { name: 'Umístění – Radek Závodník' }).fill('3');
    await page.getByRole('button', { name: 'Uložit – Radek Závodník' }).click();
    await flash(page, 'Uloženo: Radek Závodník.').waitFor();
    expect(
      await failuresInBothSchemes(page, page.getByRole('table', { name: 'Účastníci a výsledky' })),
    ).toEqual({ light: '', dark: '' });

    await page.goto(app.url(`/admin/clenove/edit?id=${member.id}`));
    const races = page.getByRole('table', { name: 'Závody člena' });
    await races.getByRole('row', { name: /3\. 10\. 2026 Kros Klánovice – 38:41,5 3\./ }).waitFor();
  });

  it('offers a profile as the guardian of a child whose guardian record has its e-mail, one by one and all at once', async () => {
    /** A child with a guardian record naming an e-mail, and a profile of that e-mail. */
    const guardianOf = async (
      child: Record<string, string>,
      firstName: string,
      lastName: string,
      email: string,
    ) => {
      const member = await createMember(api, child);
      const guardian = await api.data<{ id: number }>('POST', '/api/cms/form/guardian', {
        member: member.id,
        name: `${firstName} ${lastName}`,
        relationship: 'MOTHER',
        email,
      });
      const profileId = await createProfileAccount(api, { email, firstName, lastName });
      return { guardianId: guardian.id, profileId, email };
    };
    const hana = await guardianOf(
      { firstName: 'Bára', lastName: 'Zástupcová', birthDate: '2013-04-05' },
      'Hana',
      'Zástupcová',
      'hana.zastupcova@rodina.test',
    );
    const { page } = await openSignedIn(app, '/admin/clenove/hromadne-parovani');
    const profile = page.getByRole('article', { name: 'Profil Hana Zástupcová' });
    await profile.getByText('zákonný zástupce: Bára Zástupcová (5. 4. 2013)').waitFor();
    await profile.getByText('stejný e-mail (záznam zástupce: Hana Zástupcová)').waitFor();
    expect(await failuresInBothSchemes(page, profile)).toEqual({ light: '', dark: '' });
    await page.getByRole('button', { name: 'Přijmout všechny jisté návrhy (1)' }).waitFor();

    await profile
      .getByRole('button', {
        name: `Přijmout profil ${hana.email} jako zákonného zástupce člena Bára Zástupcová`,
      })
      .click();
    await flash(page, `Spárováno: ${hana.email} – zákonný zástupce: Bára Zástupcová.`).waitFor();
    await profile.waitFor({ state: 'detached' });
    const saved = await api.data<{ account: number }>('GET', `/api/cms/form/guardian/${hana.guardianId}`);
    expect(saved.account).toBe(hana.profileId);

    // A sure guardian is accepted with the other sure suggestions.
    const iva = await guardianOf(
      { firstName: 'Emil', lastName: 'Zástupce', birthDate: '2015-09-01' },
      'Iva',
      'Zástupcová',
      'iva.zastupcova@rodina.test',
    );
    await page.reload();
    await page.getByRole('article', { name: 'Profil Iva Zástupcová' }).getByText('Jistá shoda').waitFor();
    await page.getByRole('button', { name: 'Přijmout všechny jisté návrhy (1)' }).click();
    await page
      .getByRole('dialog')
      .getByText('Spárovat 1 dvojici profilů a zákonných zástupců najednou?', { exact: false })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Spárovat vše' }).click();
    await flash(page, 'Spárováno: 1 dvojice.').waitFor();
    await page.getByRole('article', { name: 'Profil Iva Zástupcová' }).waitFor({ state: 'detached' });
    const accepted = await api.data<{ account: number }>('GET', `/api/cms/form/guardian/${iva.guardianId}`);
    expect(accepted.account).toBe(iva.profileId);
  });
});
