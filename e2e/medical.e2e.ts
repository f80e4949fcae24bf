import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { failuresInBothSchemes } from './support/axe.ts';
import { ADMIN, type Klubovna, startKlubovna } from './support/klubovna.ts';
import { openSignedIn } from './support/members.ts';

let app: Klubovna;
let api: ApiSession;
let memberId: number;
const today = pragueToday();

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
  const member = await api.data<{ id: number }>('POST', '/api/cms/form/member', {
    lastName: 'Zdravá',
    firstName: 'Eva',
    birthDate: '1990-01-01',
    gender: 'FEMALE',
    birthNumber: '905101/1233',
    competingFrom: '2020-01-01',
  });
  memberId = member.id;
  await api.data('POST', '/api/cms/form/medical-check', {
    member: memberId,
    date: addDays(today, -350),
    kind: 'REGULAR',
    result: 'FIT',
    doctor: 'MUDr. Jan Lékař',
  });
  const other = await api.data<{ id: number }>('POST', '/api/cms/form/member', {
    lastName: 'Prošlý',
    firstName: 'Petr',
  });
  await api.data('POST', '/api/cms/form/member', {
    lastName: 'Bezprohlídková',
    firstName: 'Jana',
    competingFrom: '2021-01-01',
  });
  await api.data('POST', '/api/cms/form/medical-check', {
    member: other.id,
    date: addDays(today, -500),
    kind: 'ENTRY',
    result: 'FIT',
  });
});

afterAll(async () => {
  await app?.close();
});

describe('medical checks', () => {
  it('lists the checks, filters those ending within 30 days, and passes axe in both schemes', async () => {
    const { page } = await openSignedIn(app, '/admin/lekarske-prohlidky');
    const table = page.getByRole('table', { name: 'Lékařské prohlídky' });
    await table.getByText('Prošlý Petr').waitFor();
    await page.getByRole('combobox', { name: 'Platnost', exact: true }).click();
    await page.getByRole('option', { name: 'Končí do 30 dnů' }).click();
    await page.getByText('Platnost: Končí do 30 dnů').waitFor();
    await expect.poll(() => table.getByText('Prošlý Petr').count()).toBe(0);
    await table.getByText('Zdravá Eva').waitFor();
    expect(await failuresInBothSchemes(page, table)).toEqual({ light: '', dark: '' });
  });

  it('offers „Chybí“ beside the validities, which opens the members list of athletes without a check', async () => {
    const { page } = await openSignedIn(app, '/admin/lekarske-prohlidky');
    await page.getByRole('table', { name: 'Lékařské prohlídky' }).getByText('Zdravá Eva').waitFor();
    await page.getByRole('combobox', { name: 'Platnost', exact: true }).click();
    await page.getByRole('option', { name: 'Chybí (závodníci)' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/clenove');
    const members = page.getByRole('table', { name: 'Členové' });
    await page.getByText('Lékařská prohlídka: Chybí (závodníci)').waitFor();
    // The members list shows the surname and the first name in columns of their own.
    await members.getByText('Bezprohlídková').waitFor();
    await expect.poll(() => members.getByText('Prošlý').count()).toBe(0);
    expect(await members.getByText('Zdravá').count()).toBe(0);
  });

  it('shows the office the member’s birth number in full and the validity of the latest check', async () => {
    const { page } = await openSignedIn(app, `/admin/clenove/edit?id=${memberId}`);
    const birthNumber = page.getByRole('textbox', { name: 'Rodné číslo' });
    await expect.poll(() => birthNumber.inputValue()).toBe('9051011233');
    await page.getByText('Lékařská prohlídka platí do').waitFor();
    expect(await failuresInBothSchemes(page, birthNumber)).toEqual({ light: '', dark: '' });
  });

  it('shows the sport register check with the download, and passes axe in both schemes', async () => {
    const { page } = await openSignedIn(app, '/admin/rejstrik-sportu');
    const table = page.getByRole('table', { name: 'Co by rejstřík odmítl' });
    await table
      .getByRole('link', { name: 'Prošlý Petr' })
      .waitFor({ state: 'detached', timeout: 2000 })
      .catch(() => {});
    await page.getByRole('link', { name: 'Stáhnout CSV pro rejstřík' }).waitFor();
    expect(await failuresInBothSchemes(page, page.getByRole('heading', { name: 'Rejstřík sportu' }))).toEqual(
      {
        light: '',
        dark: '',
      },
    );
  });
});
