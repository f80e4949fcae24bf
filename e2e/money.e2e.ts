import { formatMoney } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gpcFile,
  gpcHeader,
  gpcItem,
  zeros,
} from '../packages/server/src/modules/payments/statements/test-files.ts';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { failuresInBothSchemes } from './support/axe.ts';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';
import { flash } from './support/members.ts';

// The treasurer: the club's office (Správce), not the root account.
const TREASURER = { email: 'pokladni@klub.test', password: 'Pokladna-heslo-2026' };
const PHONE = { width: 375, height: 740 };
const UNKNOWN_VS = '77123';
/** The statement's lines are of 15. 4. 2025 (the builders' value date). */
const LINE_DATE = '2025-04-15';

interface Payment {
  id: number;
  variableSymbol: string;
  state: string;
}

let app: Klubovna;
let api: ApiSession;
let fee: Payment;
let camp: Payment;

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
  await api.data('POST', '/api/admin/user/create-user', {
    ...TREASURER,
    firstName: 'Petra',
    lastName: 'Pokladní',
    roles: ['ROLE_ADMIN'],
    active: true,
  });
  const member = await api.data<{ id: number }>('POST', '/api/cms/form/member', {
    lastName: 'Platná',
    firstName: 'Pavla',
  });
  const request = (title: string, amount: number) =>
    api.data<Payment>('POST', '/api/cms/form/payment', {
      member: member.id,
      title,
      amount: { amount, currency: 'CZK' },
      dueDate: '2030-01-31',
    });
  fee = await request('Členský příspěvek', 150_000);
  camp = await request('Letní soustředění', 320_000);
  // Olga trains in Dorost; Karel, overdue too, in no group: the group's list and reminders leave him out.
  const olga = await overdueMember(['Olga', 'Pozdní'], 'Podzimní turnaj', 40_000, '2025-10-31');
  const dorost = await api.data<{ id: number }>('POST', '/api/cms/form/group', { name: 'Dorost' });
  await api.data('POST', '/api/cms/form/group-member', { group: dorost.id, member: olga.id });
  await overdueMember(['Karel', 'Opožděný'], 'Zimní turnaj', 30_000, '2025-12-31');
});

/** A member with an e-mail of their first name and one request past its due date. */
async function overdueMember(
  [firstName, lastName]: [string, string],
  title: string,
  amount: number,
  dueDate: string,
) {
  const member = await api.data<{ id: number }>('POST', '/api/cms/form/member', {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@rodina.test`,
  });
  await api.data('POST', '/api/cms/form/payment', {
    member: member.id,
    title,
    amount: { amount, currency: 'CZK' },
    dueDate,
  });
  return member;
}

afterAll(async () => {
  await app?.close();
});

/** A GPC statement: the fee paid by its variable symbol, and the camp paid under a symbol nobody has. */
const statement = () =>
  gpcFile([
    gpcHeader(),
    gpcItem({
      documentNumber: '0000000000101',
      amount: 150_000,
      variableSymbol: zeros(fee.variableSymbol, 10),
    }),
    gpcItem({
      documentNumber: '0000000000102',
      amount: 320_000,
      variableSymbol: zeros(UNKNOWN_VS, 10),
      counterName: 'PLATNY PAVEL',
    }),
  ]);

/** Opens a back-office address signed in as the treasurer. */
async function openAsTreasurer(path: string, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const { page } = await app.newPage({ viewport });
  await page.goto(app.url(path));
  await page.waitForURL(/\/admin\/login/);
  await signIn(page, TREASURER.email, TREASURER.password);
  await page.waitForURL((url) => url.pathname === path);
  return page;
}

const chooseStatement = (page: Page) =>
  page.locator('input[type="file"]').setInputFiles({
    name: 'vypis.gpc',
    mimeType: 'application/octet-stream',
    buffer: statement(),
  });

const unmatchedLine = `${formatMoney(320_000, 'CZK')} ze dne ${czechDate(LINE_DATE)}`;

describe('money', () => {
  it('the treasurer uploads a GPC statement, sees the dry run, settles it and assigns the unmatched line', async () => {
    const page = await openAsTreasurer('/admin/platby/vypisy');
    await page.getByRole('link', { name: 'Nahrát výpis' }).click();
    await page.waitForURL(/\/admin\/platby\/vypisy\/nahrat$/);
    await chooseStatement(page);
    const lines = page.getByRole('table', { name: 'Pohyby výpisu' });
    await lines.waitFor();
    await page.getByText('Spáruje se: 1 · Zůstane nespárováno: 1 · Zaúčtováno už dříve: 0').waitFor();
    expect(await lines.locator('tbody tr').allInnerTexts()).toEqual([
      `${czechDate(LINE_DATE)}\t${formatMoney(150_000, 'CZK')}\t${fee.variableSymbol}\t—\tSpáruje se\tPavla Platná – Členský příspěvek (VS ${fee.variableSymbol})`,
      `${czechDate(LINE_DATE)}\t${formatMoney(320_000, 'CZK')}\t${UNKNOWN_VS}\tPLATNY PAVEL\tNespárovaný\tčeká na ruční přiřazení`,
    ]);
    expect(await failuresInBothSchemes(page, lines, () => chooseStatement(page))).toEqual({
      light: '',
      dark: '',
    });
    // The dry run wrote nothing.
    expect((await api.data<Payment>('GET', `/api/cms/form/payment/${fee.id}`)).state).toBe('UNPAID');

    await page.getByRole('button', { name: 'Zaúčtovat' }).click();
    await page.getByText('Spárováno: 1 · Nespárováno: 1 · Zaúčtováno už dříve: 0').first().waitFor();
    expect((await api.data<Payment>('GET', `/api/cms/form/payment/${fee.id}`)).state).toBe('PAID');

    await page.getByRole('link', { name: 'Přiřadit nespárované pohyby' }).click();
    await page.waitForURL(/\/admin\/platby\/vypisy\?filter%5Bpayment%5D=none|filter\[payment\]=none/);
    const queue = page.getByRole('table', { name: 'Bankovní pohyby' });
    const assign = queue.getByRole('button', { name: `Přiřadit platbě pohyb ${unmatchedLine}` });
    await assign.waitFor();
    expect(await queue.locator('tbody tr').count()).toBe(1);
    const openDialog = async () => {
      await assign.click();
      await page.getByRole('dialog', { name: `Přiřadit platbě: ${unmatchedLine}` }).waitFor();
    };
    await openDialog();
    const dialog = page.getByRole('dialog', { name: `Přiřadit platbě: ${unmatchedLine}` });
    expect(await failuresInBothSchemes(page, dialog, openDialog)).toEqual({ light: '', dark: '' });

    await dialog.getByRole('button', { name: 'Přiřadit' }).click();
    await dialog.getByText('Vyberte platbu, které pohyb patří.').waitFor();
    const picker = dialog.getByRole('combobox', { name: 'Platba' });
    // Found by the member's name: each option names the member and the amount.
    await picker.fill('platná');
    const campOption = page.getByRole('option', { name: new RegExp(camp.variableSymbol) });
    await campOption.waitFor();
    expect(await campOption.textContent()).toContain(`Platná Pavla · ${formatMoney(320_000, 'CZK')}`);
    await campOption.click();
    await dialog.getByRole('button', { name: 'Přiřadit' }).click();
    await flash(page, `Pohyb ${unmatchedLine} je přiřazen platbě.`).waitFor();
    await expect.poll(() => assign.count()).toBe(0);
    expect((await api.data<Payment>('GET', `/api/cms/form/payment/${camp.id}`)).state).toBe('PAID');
  }, 180_000);

  it('shows the upload with its dry run and the unmatched queue on a phone', async () => {
    const page = await openAsTreasurer('/admin/platby/vypisy/nahrat', PHONE);
    await chooseStatement(page);
    // Imported before: nothing new to settle.
    await page.getByText('Spáruje se: 0 · Zůstane nespárováno: 0 · Zaúčtováno už dříve: 2').waitFor();
    expect(await page.getByRole('button', { name: 'Zaúčtovat' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Bankovní pohyby' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bankovní pohyby' }).waitFor();
    await page.getByRole('link', { name: 'Nespárované' }).click();
    await page.getByText('Hledání ani filtrům nic neodpovídá').waitFor();
    await page.getByRole('button', { name: 'Zrušit hledání a filtry' }).click();
    await page.getByRole('table', { name: 'Bankovní pohyby' }).getByRole('row').nth(2).waitFor();
  });

  it('lists one group’s overdue requests and sends their reminders alone', async () => {
    const page = await openAsTreasurer('/admin/platby');
    const table = page.getByRole('table', { name: 'Platby' });
    await table.getByRole('row', { name: /Zimní turnaj/ }).waitFor();
    await page.getByRole('combobox', { name: 'Splatnost' }).click();
    await page.getByRole('option', { name: 'Po splatnosti' }).click();
    const group = page.getByRole('combobox', { name: 'Skupina' });
    await group.fill('dor');
    await page.getByRole('option', { name: 'Dorost' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Skupina: Dorost' }).waitFor();
    await expect.poll(() => table.getByRole('row', { name: /Zimní turnaj/ }).count()).toBe(0);
    expect(await table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('row', { name: /Podzimní turnaj/ }).waitFor();
    // Reloaded in each scheme, the list keeps the treasurer's filters.
    const row = table.getByRole('row', { name: /Podzimní turnaj/ });
    expect(await failuresInBothSchemes(page, row)).toEqual({ light: '', dark: '' });

    await page.getByRole('button', { name: 'Poslat upomínky' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Poslat upomínky platbám po splatnosti v tomto seznamu?',
    });
    await dialog.getByRole('button', { name: 'Poslat upomínky' }).click();
    // One overdue request: Karel's, outside the group, was not among them (the daily automatic
    // reminder may mail him on its own).
    await flash(page, 'Odesláno: 1 upomínka k 1 platbě po splatnosti.').waitFor();
    const mail = await app.mailbox.waitFor('olga@rodina.test');
    expect(mail.subject).toBe('Platba po splatnosti: Podzimní turnaj');
  }, 120_000);

  it('sends every overdue reminder from the unfiltered list, leaving out those sent today', async () => {
    const page = await openAsTreasurer('/admin/platby');
    await page.getByRole('button', { name: 'Zrušit všechny filtry' }).click();
    await page.getByRole('button', { name: 'Poslat upomínky' }).click();
    const dialog = page.getByRole('dialog', { name: 'Poslat upomínky všem platbám po splatnosti?' });
    await dialog.getByRole('button', { name: 'Poslat upomínky' }).click();
    await flash(page, 'Odesláno: 1 upomínka k 2 platbám po splatnosti.').waitFor();
    const mail = await app.mailbox.waitFor('karel@rodina.test');
    expect(mail.subject).toBe('Platba po splatnosti: Zimní turnaj');
  }, 120_000);
});
