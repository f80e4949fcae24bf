import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { failuresInBothSchemes } from './support/axe.ts';
import { ADMIN, type Klubovna, startKlubovna } from './support/klubovna.ts';
import { createMember, openSignedIn } from './support/members.ts';

let app: Klubovna;
let api: ApiSession;

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await app?.close();
});

describe('command palette', () => {
  it('finds a member by name without diacritics and a screen by its title, by keyboard alone', async () => {
    const member = await createMember(api, {
      lastName: 'Žďárský',
      firstName: 'Šimon',
      memberType: 'ATHLETE',
    });
    const { page } = await openSignedIn(app, '/admin');
    const search = page.getByRole('textbox', { name: 'Hledat obrazovku nebo záznam' });
    await page.getByRole('button', { name: /Hledat/ }).waitFor();

    await page.keyboard.press('Control+K');
    await search.waitFor();
    await search.fill('zdarsky sim');
    const hit = page.getByRole('button', { name: /Žďárský Šimon/ });
    await hit.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/admin/clenove/edit' && url.search === `?id=${member.id}`,
    );
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Příjmení', exact: true }).inputValue())
      .toBe('Žďárský');
    await expect.poll(() => search.isVisible()).toBe(false);

    // From inside a form field too, and screens are found without diacritics.
    await page.getByRole('textbox', { name: 'Jméno', exact: true }).focus();
    await page.keyboard.press('Control+K');
    await search.fill('treninky');
    await page
      .getByRole('button', { name: /^Tréninky/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/treninky');
    await expect.poll(() => search.isVisible()).toBe(false);

    await page.keyboard.press('Control+K');
    await search.fill('xyzzy neexistuje');
    await page.getByText('Nic nenalezeno.', { exact: false }).waitFor();

    // Reopened while it is still closing, it keeps what is typed into it.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+K');
    await search.fill('zdarsky');
    await hit.waitFor();
    expect(await search.inputValue()).toBe('zdarsky');
    await page.keyboard.press('Escape');
    await expect.poll(() => search.isVisible()).toBe(false);
  });

  it('tells apart two members of one name by year of birth and type', async () => {
    for (const [birthDate, memberType] of [
      ['1981-04-02', 'TRAINER'],
      ['2013-09-30', 'ATHLETE'],
    ])
      await createMember(api, { lastName: 'Stejnojmenný', firstName: 'Ota', birthDate, memberType });
    const { page } = await openSignedIn(app, '/admin');
    await page.getByRole('button', { name: /Hledat/ }).click();
    await page.getByRole('textbox', { name: 'Hledat obrazovku nebo záznam' }).fill('stejnojmenny');
    await page.getByRole('button', { name: /Stejnojmenný Ota.*1981 · Trenér/ }).waitFor();
    await page.getByRole('button', { name: /Stejnojmenný Ota.*2013 · Závodník/ }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('is clean for assistive technology in both colour schemes, opened from the header button', async () => {
    const { page } = await openSignedIn(app, '/admin');
    const openPalette = async () => {
      await page.getByRole('button', { name: /Hledat/ }).click();
      await page.getByRole('textbox', { name: 'Hledat obrazovku nebo záznam' }).fill('čle');
    };
    const results = page.getByRole('button', { name: /Členové/ }).first();
    expect(await failuresInBothSchemes(page, results, openPalette)).toEqual({ light: '', dark: '' });
  });
});
