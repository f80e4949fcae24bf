import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';

let app: Klubovna;

beforeAll(async () => {
  app = await startKlubovna();
});

afterAll(async () => {
  await app?.close();
});

describe('forgotten password', () => {
  it('mails a link that sets a new password, which then signs in', async () => {
    const { page } = await app.newPage();
    await page.goto(app.url('/admin/login'));
    await page.getByRole('link', { name: 'Zapomněli jste heslo?' }).click();
    await page.waitForURL(/\/admin\/forgotten-password$/);

    // The same confirmation for an unknown address…
    await page.getByLabel('E-mail').fill('nikdo@klub.test');
    await page.getByRole('button', { name: 'Poslat odkaz' }).click();
    const unknownConfirmation = await page
      .getByRole('status')
      .filter({ hasText: 'Pokud u nás existuje účet' })
      .textContent();
    await page.getByRole('button', { name: 'Poslat odkaz znovu' }).click();

    // …as for the real one.
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Poslat odkaz' }).click();
    const knownConfirmation = await page
      .getByRole('status')
      .filter({ hasText: 'Pokud u nás existuje účet' })
      .textContent();
    expect(knownConfirmation?.replace(ADMIN.email, '')).toBe(
      unknownConfirmation?.replace('nikdo@klub.test', ''),
    );

    const mail = await app.mailbox.waitFor(ADMIN.email);
    const link = new RegExp(`${app.server.url}/admin/renew-password/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(app.mailbox.mails.some((candidate) => candidate.to.includes('nikdo@klub.test'))).toBe(false);

    const newPassword = 'Nove-heslo-na-jaro-2027';
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Nové heslo' }).waitFor();
    await page.getByLabel('Nové heslo', { exact: true }).fill('kratke');
    await page.getByLabel('Nové heslo znovu').fill('kratke');
    await page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await page.getByText('Heslo musí mít alespoň 8 znaků.').waitFor();

    await page.getByLabel('Nové heslo', { exact: true }).fill(newPassword);
    await page.getByText(/Síla: /).waitFor();
    await page.getByLabel('Nové heslo znovu').fill(newPassword);
    await page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByText('Heslo bylo změněno. Nyní se můžete přihlásit.').waitFor();

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByText('Nesprávný e-mail nebo heslo.').waitFor();
    await signIn(page, ADMIN.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Co je potřeba udělat' }).waitFor();

    // The link is spent, which the page says on opening: no form to fill in vain.
    const { page: second } = await app.newPage();
    await second.goto(link!);
    await second.getByRole('heading', { name: 'Odkaz už neplatí' }).waitFor();
    await second.getByRole('link', { name: 'Požádat o nový odkaz' }).waitFor();
    expect(await second.getByLabel('Nové heslo', { exact: true }).count()).toBe(0);
  });
});
