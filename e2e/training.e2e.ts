import { addDays, czechDate, pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { failuresInBothSchemes } from './support/axe.ts';
import { ADMIN, type Klubovna, startKlubovna } from './support/klubovna.ts';
import { flash, openSignedIn } from './support/members.ts';

let app: Klubovna;
let api: ApiSession;

const ATHLETES = [
  ['Adamová', 'Alžběta'],
  ['Bárta', 'Bořek'],
  ['Čermák', 'Čeněk'],
  ['Dvořáková', 'Dana'],
];

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
  await api.data('POST', '/api/cms/form/member', {
    lastName: 'Trenérová',
    firstName: 'Tereza',
    memberType: 'TRAINER',
  });
  for (const [lastName, firstName] of ATHLETES) {
    await api.data('POST', '/api/cms/form/member', { lastName, firstName, memberType: 'ATHLETE' });
  }
});

afterAll(async () => {
  await app?.close();
});

describe('training zone', () => {
  // Six screens and a phone's attendance in one flow: about 45 s on a quiet 2-core machine.
  it('sets up a category and a group, fills it in bulk, plans a series, marks attendance on a phone and shows the statistics', async () => {
    const today = pragueToday();
    const { page } = await openSignedIn(app, '/admin/kategorie/create');
    await page.getByLabel('Název').fill('Dorost');
    await page.getByRole('button', { name: 'Uložit' }).click();
    await flash(page, 'Uloženo').waitFor();

    await page.goto(app.url('/admin/skupiny/create'));
    await page.getByLabel('Název').fill('Dorost A');
    await page.getByRole('combobox', { name: 'Kategorie' }).fill('Dor');
    await page.getByRole('option', { name: 'Dorost', exact: true }).click();
    await page.getByRole('button', { name: 'Uložit' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/skupiny/edit');
    const groupId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByText('Ve skupině teď nikdo není.').waitFor();

    await page.getByRole('link', { name: 'Upravit členy' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/clenove-skupiny/hromadne-nastaveni-skupiny');
    await page.getByRole('button', { name: 'Vybrat zobrazené' }).click();
    await page.getByRole('button', { name: 'Uložit skupinu' }).click();
    await flash(
      page,
      `Skupina Dorost A uložena od ${czechDate(today)}: přidáno 5 členů, odebráno 0 členů.`,
    ).waitFor();

    await page.goto(app.url(`/admin/skupiny/edit?id=${groupId}`));
    await page.getByRole('heading', { name: 'Členové skupiny (5)' }).waitFor();
    await page.getByRole('button', { name: 'Vytvořit adresu kalendáře' }).click();
    const feedUrl = await page.getByLabel('Adresa kalendáře').inputValue();
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await page.goto(app.url('/admin/treninky/serie'));
    expect(await failuresInBothSchemes(page, page.getByRole('button', { name: 'Zobrazit náhled' }))).toEqual({
      light: '',
      dark: '',
    });
    await page.getByRole('combobox', { name: 'Skupina' }).fill('Dorost');
    await page.getByRole('option', { name: 'Dorost A' }).click();
    for (const day of ['Pondělí', 'Úterý', 'Středa', 'Čtvrtek', 'Pátek', 'Sobota', 'Neděle']) {
      await page.getByText(day, { exact: true }).click();
    }
    await page.getByRole('textbox', { name: 'Od' }).fill(czechDate(today));
    await page.getByRole('textbox', { name: 'Od' }).press('Tab');
    await page.getByRole('textbox', { name: 'Do' }).fill(czechDate(addDays(today, 6)));
    await page.getByRole('textbox', { name: 'Do' }).press('Tab');
    await page.getByRole('button', { name: 'Zobrazit náhled' }).click();
    const table = page.getByRole('table', { name: 'Náhled série tréninků' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(7);

    await page.getByRole('button', { name: /^Vytvořit \d+ tréninky?ů?$/ }).click();
    await flash(page, /Série uložena: vytvořeno \d+ tréninky?ů?\./).waitFor();

    const week = await api.data<Array<{ id: number; startsAt: string }>>(
      'GET',
      `/api/cms/action/training/calendar?from=${today}&days=1&groupId=${groupId}`,
    );
    expect(week.length, 'today is a training day unless it is a public holiday').toBeLessThanOrEqual(1);
    const trainingId =
      week[0]?.id ??
      (
        await api.data<Array<{ id: number }>>(
          'GET',
          `/api/cms/action/training/calendar?from=${today}&days=7&groupId=${groupId}`,
        )
      )[0]!.id;

    const phone = await openSignedIn(app, '/admin/treninky/dochazka', {
      viewport: { width: 375, height: 740 },
    });
    await phone.page
      .getByRole('link', { name: /Dorost A/ })
      .first()
      .waitFor();
    await phone.page.goto(app.url(`/admin/treninky/dochazka?id=${trainingId}`));
    const row = (name: string) => phone.page.getByRole('radiogroup', { name });
    await row('Adamová Alžběta').getByText('Přítomen', { exact: true }).click();
    await row('Bárta Bořek').getByText('Přítomen', { exact: true }).click();
    await row('Čermák Čeněk').getByText('Omluven', { exact: true }).click();
    await phone.page.getByText('Přítomno 2 z 5').waitFor();
    expect(await failuresInBothSchemes(phone.page, phone.page.getByText('Přítomno 2 z 5'))).toEqual({
      light: '',
      dark: '',
    });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.page.reload();
    await expect
      .poll(() => row('Čermák Čeněk').getByRole('radio', { name: 'Omluven' }).isChecked())
      .toBe(true);

    await page.goto(
      app.url(`/admin/treninky/statistiky?skupina=${groupId}&od=${today}&do=${addDays(today, 6)}`),
    );
    const stats = page.getByRole('table', { name: 'Docházka skupiny Dorost A' });
    await stats.waitFor();
    const adamova = stats.getByRole('row', { name: /Adamová Alžběta/ });
    await expect.poll(() => adamova.getByRole('cell').nth(2).textContent()).toBe('1');
    await page.getByText('Účast skupiny').waitFor();
    expect(await failuresInBothSchemes(page, stats)).toEqual({ light: '', dark: '' });

    await page.goto(app.url('/admin/treninky/kalendar'));
    await page
      .getByRole('region', { name: new RegExp(czechDate(today)) })
      .getByRole('link', { name: /Dorost A/ })
      .first()
      .waitFor();
  }, 120_000);
});
