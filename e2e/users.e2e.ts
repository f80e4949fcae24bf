import type { CmsUser } from '@klubovna/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { expectAccessible, failuresInBothSchemes } from './support/axe.ts';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';
import { flash, openSignedIn } from './support/members.ts';

let app: Klubovna;
let api: ApiSession;

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'Zelena-louka-u-reky-7';

describe('users zone in the browser', () => {
  it('invites a member’s account, who sets a password from the mailed link, lands on their own page and sees only what is theirs', async () => {
    const { page } = await openSignedIn(app, '/admin/uzivatel/pozvanka');
    const email = 'trenerka.pozvana@klub.test';
    await page.getByLabel('Jméno').fill('Tereza');
    await page.getByLabel('Příjmení').fill('Pozvaná');
    await page.getByLabel('E-mail').fill(email);
    // No role is ticked by itself (the root role is offered to the root): the admin picks the member's or parent's.
    await expect.poll(() => page.getByRole('checkbox', { name: 'Člen nebo rodič' }).isChecked()).toBe(false);
    expect(await failuresInBothSchemes(page, page.getByLabel('Příjmení'))).toEqual({ light: '', dark: '' });
    await page.getByLabel('Jméno').fill('Tereza');
    await page.getByLabel('Příjmení').fill('Pozvaná');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('checkbox', { name: 'Člen nebo rodič' }).check();
    await page.getByRole('button', { name: 'Poslat pozvánku' }).click();
    await flash(page, `Pozvánka odeslána na ${email}.`).waitFor();
    await page.waitForURL(/\/admin\/uzivatele/);

    // The list shows who has not accepted yet.
    const table = page.getByRole('table', { name: 'Uživatelé' });
    const row = table.getByRole('row').filter({ hasText: email });
    await row.getByText('Čeká na přijetí').waitFor();
    expect(await failuresInBothSchemes(page, row.getByText('Čeká na přijetí'))).toEqual({
      light: '',
      dark: '',
    });

    const mail = await app.mailbox.waitFor(email);
    expect(mail.subject).toBe('Pozvánka do Klubovny');
    const link = new RegExp(`${app.server.url}/admin/renew-password/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    const invited = await app.newPage();
    await invited.page.goto(link!);
    await invited.page.getByLabel('Nové heslo', { exact: true }).fill(PASSWORD);
    await invited.page.getByLabel('Nové heslo znovu').fill(PASSWORD);
    await invited.page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await invited.page.waitForURL(/\/admin\/login$/);
    await signIn(invited.page, email, PASSWORD);
    await invited.page.waitForURL((url) => url.pathname === '/admin');
    await invited.page.goto(app.url('/admin/muj-klub'));
    // Paired with no member yet: the page says whom to ask.
    await invited.page
      .getByText('Požádejte kancelář klubu, aby váš účet spárovala', { exact: false })
      .waitFor();
    const menu = invited.page.getByRole('navigation', { name: 'Hlavní navigace' });
    await menu.getByRole('link', { name: 'Tréninky' }).waitFor();
    const hrefs = await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // The home screen and their own page first; the lists show their own rows (their payment requests too). The office's bulk
    // work, the bank statements, the trainer's screens (they train no group) and the users are not theirs.
    expect(hrefs).toEqual([
      '/admin',
      '/admin/muj-klub',
      '/admin/clenove',
      '/admin/zakonni-zastupci',
      '/admin/souhlasy',
      '/admin/kategorie',
      '/admin/skupiny',
      '/admin/clenove-skupiny',
      '/admin/treninky',
      '/admin/soustredeni',
      '/admin/zavody',
      '/admin/platby',
      '/admin/kos',
    ]);
    await invited.page.goto(app.url('/admin/clenove-skupiny/hromadne-nastaveni-skupiny'));
    await invited.page.getByText('K této stránce nemáte přístup').waitFor();
    await invited.page.goto(app.url('/admin/uzivatele'));
    await invited.page.getByText('K této stránce nemáte přístup').waitFor();

    await page.reload();
    await table.getByRole('row').filter({ hasText: email }).getByText('Přijata').waitFor();
  });

  it('creates and edits a user in the forms, and refuses a common password with a Czech message', async () => {
    const { page } = await openSignedIn(app, '/admin/uzivatel/create');
    await page.getByLabel('Jméno').fill('Ondřej');
    await page.getByLabel('Příjmení').fill('Obchodní');
    await page.getByLabel('E-mail').fill('ondrej.obchodni@klub.test');
    await page.getByLabel(/^Heslo/).fill('password123');
    await page.getByRole('checkbox', { name: 'Obchodník' }).check();
    await page.getByRole('button', { name: 'Založit uživatele' }).click();
    await page.getByText('Toto heslo je mezi nejčastěji uniklými hesly. Zvolte jiné.').first().waitFor();
    expect(await failuresInBothSchemes(page, page.getByLabel('Příjmení'))).toEqual({ light: '', dark: '' });
    await page.getByLabel('Jméno').fill('Ondřej');
    await page.getByLabel('Příjmení').fill('Obchodní');
    await page.getByLabel('E-mail').fill('ondrej.obchodni@klub.test');
    await page.getByRole('checkbox', { name: 'Obchodník' }).check();
    await page.getByLabel(/^Heslo/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Založit uživatele' }).click();
    await flash(page, 'Uživatel Ondřej Obchodní je založen.').waitFor();

    // The list is the engine's datagrid: searched, with the roles as badges.
    const table = page.getByRole('table', { name: 'Uživatelé' });
    await page.getByRole('searchbox', { name: 'Hledat: Uživatelé' }).fill('obchodni');
    await page.getByText('Nalezeno 1 uživatel', { exact: true }).waitFor();
    const row = table.getByRole('row').filter({ hasText: 'ondrej.obchodni@klub.test' });
    await row.getByText('Obchodník').waitFor();
    await row.getByRole('link', { name: 'Upravit uživatele Ondřej Obchodní' }).click();
    await page.getByRole('heading', { name: 'Úprava uživatele: Ondřej Obchodní' }).waitFor();
    const roles = page.getByRole('combobox', { name: 'Role' });
    expect(await failuresInBothSchemes(page, page.getByLabel('Příjmení'))).toEqual({ light: '', dark: '' });
    await roles.click();
    await page.getByRole('option', { name: 'Člen nebo rodič', exact: true }).click();
    await roles.press('Escape');
    await page.getByRole('button', { name: 'Uložit' }).click();
    await flash(page, 'Uloženo').waitFor();
    const users = await api.data<{ items: Array<CmsUser & { roles: string[] }> }>(
      'GET',
      '/api/cms/datagrid/user?s=obchodni',
    );
    expect(users.items.map((user) => user.roles)).toEqual([['ROLE_USER', 'ROLE_SALESMAN']]);

    // An admin sets the password for them on the password screen.
    await page.getByRole('link', { name: 'Nastavit heslo' }).click();
    await page.getByText('Nové heslo pro uživatele').waitFor();
    expect(await failuresInBothSchemes(page, page.getByText('Nové heslo pro uživatele'))).toEqual({
      light: '',
      dark: '',
    });
    await page.getByLabel('Nové heslo', { exact: true }).fill('Jina-louka-za-lesem-8');
    await page.getByLabel('Nové heslo znovu').fill('Jina-louka-za-lesem-8');
    await page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await flash(page, /Heslo uživatele ondrej\.obchodni@klub\.test je nastaveno/).waitFor();
    await apiSession(app.server.url, 'ondrej.obchodni@klub.test', 'Jina-louka-za-lesem-8');
  });

  it('deactivates a user, whose open session ends at their next request', async () => {
    const user = await api.data<CmsUser>('POST', '/api/admin/user/create-user', {
      email: 'vera.deaktivovana@klub.test',
      password: PASSWORD,
      firstName: 'Věra',
      lastName: 'Deaktivovaná',
      roles: ['ROLE_USER'],
      active: true,
    });
    const theirs = await app.newPage();
    await theirs.page.goto(app.url('/admin/login'));
    await signIn(theirs.page, user.email, PASSWORD);
    await theirs.page.waitForURL((url) => url.pathname === '/admin');

    const { page } = await openSignedIn(app, '/admin/uzivatele?s=deaktivovana', {
      viewport: { width: 375, height: 740 },
    });
    // A phone has room for the names (and the row's buttons), not for the e-mail.
    const row = page
      .getByRole('table', { name: 'Uživatelé' })
      .getByRole('row')
      .filter({ hasText: 'Deaktivovaná' });
    await row.getByRole('button', { name: `Deaktivovat uživatele ${user.email}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await row.getByRole('button', { name: `Deaktivovat uživatele ${user.email}` }).click();
    const dialog = page.getByRole('dialog', { name: /^Deaktivovat uživatele .+\?$/ });
    await dialog.getByRole('button', { name: 'Deaktivovat' }).click();
    await flash(page, 'Uživatel Věra Deaktivovaná je deaktivován.').waitFor();
    await row.getByRole('button', { name: `Aktivovat uživatele ${user.email}` }).waitFor();

    await theirs.page
      .getByRole('navigation', { name: 'Hlavní navigace' })
      .getByRole('link', { name: 'Závody' })
      .click();
    await theirs.page.waitForURL(/\/admin\/login/);
  });

  it('changes one’s own password on the password screen with the current one', async () => {
    await api.data('POST', '/api/admin/user/create-user', {
      email: 'sam.sobe@klub.test',
      password: PASSWORD,
      firstName: 'Samuel',
      lastName: 'Sobě',
      roles: ['ROLE_SALESMAN'],
      active: true,
    });
    const { page } = await app.newPage();
    await page.goto(app.url('/admin/uzivatel/zmena-hesla'));
    await page.waitForURL(/\/admin\/login/);
    await signIn(page, 'sam.sobe@klub.test', PASSWORD);
    await page.waitForURL(/\/admin\/uzivatel\/zmena-hesla$/);
    await page.getByLabel('Současné heslo').fill('spatne-heslo-123');
    await page.getByLabel('Nové heslo', { exact: true }).fill('Modra-obloha-nad-horou-9');
    await page.getByLabel('Nové heslo znovu').fill('Modra-obloha-nad-horou-9');
    await page.getByRole('button', { name: 'Změnit heslo' }).click();
    await page.getByText('Současné heslo není správné.').first().waitFor();
    expect(await failuresInBothSchemes(page, page.getByLabel('Současné heslo'))).toEqual({
      light: '',
      dark: '',
    });
    await page.getByLabel('Současné heslo').fill(PASSWORD);
    await page.getByLabel('Nové heslo', { exact: true }).fill('Modra-obloha-nad-horou-9');
    await page.getByLabel('Nové heslo znovu').fill('Modra-obloha-nad-horou-9');
    await page.getByRole('button', { name: 'Změnit heslo' }).click();
    await flash(page, /Heslo bylo změněno/).waitFor();
    await apiSession(app.server.url, 'sam.sobe@klub.test', 'Modra-obloha-nad-horou-9');
  });

  it('shows one’s sign-ins and open sessions in the profile, and signs out everywhere else', async () => {
    await api.data('POST', '/api/admin/user/create-user', {
      email: 'dva.pocitace@klub.test',
      password: PASSWORD,
      firstName: 'Dana',
      lastName: 'Dvojitá',
      roles: ['ROLE_USER'],
      active: true,
    });
    const other = await app.newPage({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    await other.page.goto(app.url('/admin/login'));
    await signIn(other.page, 'dva.pocitace@klub.test', PASSWORD);
    await other.page.waitForURL((url) => url.pathname === '/admin');

    const { page } = await app.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(app.url('/admin/user/profile'));
    await page.waitForURL(/\/admin\/login/);
    await signIn(page, 'dva.pocitace@klub.test', PASSWORD);
    await page.waitForURL(/\/admin\/user\/profile$/);
    const sessions = page.getByRole('list', { name: 'Otevřená přihlášení' });
    await sessions.getByText('Toto zařízení').waitFor();
    await sessions.getByText('Safari, iOS').waitFor();
    await page
      .getByRole('list', { name: 'Poslední přihlášení' })
      .getByText(/Safari, iOS/)
      .waitFor();
    expect(await failuresInBothSchemes(page, sessions.getByText('Toto zařízení'))).toEqual({
      light: '',
      dark: '',
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Odhlásit všude jinde' }).click();
    await flash(page, 'Odhlášeno: 1 jiné zařízení.').waitFor();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    await other.page.reload();
    await other.page.waitForURL(/\/admin\/login/);
  });

  it('changes one’s e-mail only once the link mailed to the new address is confirmed', async () => {
    await api.data('POST', '/api/admin/user/create-user', {
      email: 'stary.email@klub.test',
      password: PASSWORD,
      firstName: 'Emil',
      lastName: 'Měnič',
      roles: ['ROLE_SALESMAN'],
      active: true,
    });
    const { page } = await app.newPage();
    await page.goto(app.url('/admin/user/profile'));
    await page.waitForURL(/\/admin\/login/);
    await signIn(page, 'stary.email@klub.test', PASSWORD);
    await page.waitForURL(/\/admin\/user\/profile$/);
    // The address changes before the profile's code has loaded, while the sign-in form (with its own
    // E-mail field) is still on screen: wait for the profile's form itself.
    await page.getByRole('button', { name: 'Uložit údaje' }).waitFor();
    await expect.poll(() => page.getByLabel(/^E-mail/).inputValue()).toBe('stary.email@klub.test');
    await page.getByLabel(/^E-mail/).fill('novy.email@klub.test');
    await page.getByRole('button', { name: 'Uložit údaje' }).click();
    await flash(page, /Na novy\.email@klub\.test jsme poslali odkaz/).waitFor();
    expect(await page.getByLabel(/^E-mail/).inputValue()).toBe('stary.email@klub.test');

    const mail = await app.mailbox.waitFor('novy.email@klub.test');
    const link = new RegExp(`${app.server.url}/admin/potvrzeni-emailu/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    const confirm = page.getByRole('button', { name: 'Potvrdit nový e-mail' });
    expect(await failuresInBothSchemes(page, confirm)).toEqual({ light: '', dark: '' });
    await confirm.click();
    await page.getByText('E-mail pro přihlášení je změněn na novy.email@klub.test.').waitFor();
    await page.getByRole('link', { name: 'Na můj profil' }).waitFor();
    await page.goto(app.url('/admin/user/profile'));
    await expect.poll(() => page.getByLabel(/^E-mail/).inputValue()).toBe('novy.email@klub.test');
    await apiSession(app.server.url, 'novy.email@klub.test', PASSWORD);
  });

  it('turns on two-factor sign-in in the profile, then signs in with a code, and once with a recovery code', async () => {
    await api.data('POST', '/api/admin/user/create-user', {
      email: 'dvoufazova@klub.test',
      password: PASSWORD,
      firstName: 'Dita',
      lastName: 'Dvoufázová',
      roles: ['ROLE_ADMIN'],
      active: true,
    });
    const { page } = await app.newPage();
    await page.goto(app.url('/admin/user/profile'));
    await page.waitForURL(/\/admin\/login/);
    await signIn(page, 'dvoufazova@klub.test', PASSWORD);
    await page.waitForURL(/\/admin\/user\/profile$/);
    const panel = page.getByRole('region', { name: 'Dvoufázové přihlášení' });
    const start = panel.getByRole('button', { name: 'Zapnout dvoufázové přihlášení' });
    expect(await failuresInBothSchemes(page, start)).toEqual({ light: '', dark: '' });
    await start.click();
    await panel.getByRole('img', { name: 'QR kód pro ověřovací aplikaci' }).waitFor();
    await expectAccessible(page, 'two-factor setup with its QR code');
    const secret = (await panel
      .getByText(/^Klíč:/)
      .locator('code')
      .textContent())!;
    await panel.getByLabel('Kód z aplikace').fill('000000');
    await panel.getByRole('button', { name: 'Zapnout', exact: true }).click();
    await panel.getByText('Kód z aplikace nesouhlasí.').first().waitFor();
    await panel.getByLabel('Kód z aplikace').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await panel.getByRole('button', { name: 'Zapnout', exact: true }).click();
    const codes = panel.getByRole('list', { name: 'Záložní kódy' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.first().textContent())!.trim();
    await panel.getByText('Zapnuto').waitFor();

    // Signing in asks for the code after the password.
    const { page: next } = await app.newPage();
    await next.goto(app.url('/admin/login'));
    await signIn(next, 'dvoufazova@klub.test', PASSWORD);
    const code = next.getByLabel('Kód z aplikace');
    await code.waitFor();
    await expectAccessible(next, 'sign-in asking for the two-factor code');
    await code.fill('123456');
    await next.getByRole('button', { name: 'Ověřit kód' }).click();
    await next.getByText('Kód není správný nebo už byl použit. Zkuste to znovu.').waitFor();
    await code.fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 }));
    await next.getByRole('button', { name: 'Ověřit kód' }).click();
    await next.waitForURL((url) => url.pathname === '/admin');

    const { page: third } = await app.newPage();
    await third.goto(app.url('/admin/login'));
    await signIn(third, 'dvoufazova@klub.test', PASSWORD);
    await third.getByLabel('Kód z aplikace').fill(recovery);
    await third.getByRole('button', { name: 'Ověřit kód' }).click();
    await third.waitForURL((url) => url.pathname === '/admin');

    // Lost phone: an admin turns it off in the user's form; the password alone works again.
    const found = await api.data<{ items: CmsUser[] }>('GET', '/api/cms/datagrid/user?s=dvoufazova');
    const { page: office } = await openSignedIn(app, `/admin/uzivatel/edit?id=${found.items[0]!.id}`);
    await office.getByRole('button', { name: 'Vypnout dvoufázové přihlášení' }).click();
    await office
      .getByRole('dialog', { name: 'Vypnout dvoufázové přihlášení uživatele Dita Dvoufázová?' })
      .getByRole('button', { name: 'Vypnout' })
      .click();
    await flash(office, 'Dvoufázové přihlášení uživatele Dita Dvoufázová je vypnuté.').waitFor();
    await office
      .getByRole('button', { name: 'Vypnout dvoufázové přihlášení' })
      .waitFor({ state: 'detached' });
    // A login of its own (a login through the admin's session would end that session).
    const plain = await fetch(app.url('/api/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dvoufazova@klub.test', password: PASSWORD }),
    });
    expect(((await plain.json()) as { data: unknown }).data).toMatchObject({
      user: { email: 'dvoufazova@klub.test' },
    });
  });

  it('sends an admin a root requires two-factor sign-in of to the profile first', async () => {
    await api.data('POST', '/api/admin/user/create-user', {
      email: 'povinna.dvoufazova@klub.test',
      password: PASSWORD,
      firstName: 'Petra',
      lastName: 'Povinná',
      roles: ['ROLE_ADMIN'],
      active: true,
    });
    // The root turns it on for themselves first, then requires it.
    const setup = await api.data<{ secret: string }>('POST', '/api/cms/me/two-factor/setup', {});
    await api.data('POST', '/api/cms/me/two-factor/enable', {
      code: TOTP.generate({ secret: Secret.fromBase32(setup.secret) }),
    });
    await api.data('PUT', '/api/admin/security-policy', { twoFactorForAdmins: true });
    try {
      const { page } = await app.newPage();
      await page.goto(app.url('/admin/uzivatele'));
      await page.waitForURL(/\/admin\/login/);
      await signIn(page, 'povinna.dvoufazova@klub.test', PASSWORD);
      await page.waitForURL(/\/admin\/user\/profile$/);
      await page.getByText('Dvoufázové přihlášení je pro vaši roli povinné').waitFor();
      await page.goto(app.url('/admin/uzivatele'));
      await page
        .getByText(/Zapněte si ho ve svém profilu/)
        .first()
        .waitFor();
    } finally {
      await api.data('PUT', '/api/admin/security-policy', { twoFactorForAdmins: false });
      // Later journeys sign the root in with the password alone.
      await api.data('POST', '/api/cms/me/two-factor/disable', { password: ADMIN.password });
    }
  });
});
