import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiSession } from './api-session.ts';
import { ADMIN, type Klubovna, signIn } from './klubovna.ts';

/** A member as the form API stores it. */
export interface MemberRecord {
  id: number;
  version: number;
  lastName: string;
  firstName: string;
  birthDate: string | null;
  memberType: string | null;
  registrationNumber: string | null;
  phone: string | null;
  note: string | null;
  [field: string]: unknown;
}

/**
 * The sort set: one registration-number word (`TRIDENI`) finds exactly these, already in Czech
 * order. It proves C < Č < D, H < CH < I, R < Ř < S and S < Š < T, which byte or English order breaks.
 */
export const SORT_TAG = 'TRIDENI';
export const SORTED_SURNAMES = [
  'Bartoš',
  'Cibulka',
  'Cyprián',
  'Čermák',
  'Černá',
  'Dvořák',
  'Hájek',
  'Horák',
  'Chalupa',
  'Chmelař',
  'Ilčík',
  'Rybář',
  'Řezníček',
  'Svoboda',
  'Šťastná',
] as const;

const FIRST_NAMES = ['Jan', 'Eva', 'Petr', 'Jana', 'Tomáš', 'Lucie', 'Jiří', 'Tereza', 'Ondřej', 'Klára'];

/** The rest of the club: enough members for more than one page of 25. */
const OTHER_SURNAMES = [
  'Novák',
  'Nováková',
  'Procházka',
  'Pokorná',
  'Růžička',
  'Kučera',
  'Veselá',
  'Zeman',
  'Žák',
  'Marek',
  'Jelínek',
  'Beneš',
  'Tichý',
  'Urban',
  'Král',
] as const;

/** Seeds 30 members through the form API, in a shuffled order so the list's order is the server's doing. */
export async function seedMembers(api: ApiSession): Promise<MemberRecord[]> {
  const sortSet = SORTED_SURNAMES.map((lastName, index) => ({
    lastName,
    firstName: FIRST_NAMES[index % FIRST_NAMES.length]!,
    registrationNumber: `${SORT_TAG}-${String(index + 1).padStart(2, '0')}`,
  }));
  const others = OTHER_SURNAMES.map((lastName, index) => ({
    lastName,
    firstName: FIRST_NAMES[(index + 3) % FIRST_NAMES.length]!,
    registrationNumber: `K-${String(index + 101)}`,
    birthDate: `${1990 + index}-0${(index % 9) + 1}-1${index % 10}`,
    memberType: index % 5 === 0 ? 'TRAINER' : 'ATHLETE',
  }));
  const all = [...sortSet, ...others];
  // A fixed shuffle: every 7th of 30 (7 and 30 are coprime, so each member comes once).
  const shuffled = all.map((_, index) => all[(index * 7) % all.length]!);
  const created: MemberRecord[] = [];
  for (const member of shuffled) created.push(await createMember(api, member));
  return created;
}

export function createMember(api: ApiSession, member: Record<string, unknown>): Promise<MemberRecord> {
  return api.data<MemberRecord>('POST', '/api/cms/form/member', member);
}

export function getMember(api: ApiSession, id: number) {
  return api.request<MemberRecord>('GET', `/api/cms/form/member/${id}`);
}

/** Forgets the admin's list settings (page size, sort, columns, filters): each journey starts from the defaults. */
export async function resetListSettings(api: ApiSession): Promise<void> {
  await api.data('POST', '/api/cms/user-config', { name: 'datagrid.member', data: null });
}

/**
 * Opens a back-office address in a fresh browser context: the sign-in page comes first and, once
 * signed in as the admin, leads back to the address.
 */
export async function openSignedIn(
  app: Klubovna,
  path: string,
  options?: Parameters<Browser['newContext']>[0],
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await app.newPage(options);
  const { page } = opened;
  await page.goto(app.url(path));
  await page.waitForURL(/\/admin\/login/);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  return opened;
}

/** The member list on the page. */
export const memberTable = (page: Page): Locator => page.getByRole('table', { name: 'Členové' });

/** The texts of one column (found by its header) that the list shows, top to bottom. */
export function columnTexts(page: Page, header: string): Promise<string[]> {
  return memberTable(page).evaluate((table, title) => {
    const headers = [...table.querySelectorAll('thead th')];
    const index = headers.findIndex((th) => th.textContent?.trim().startsWith(title));
    if (index < 0) return [];
    return [...table.querySelectorAll('tbody tr')].flatMap((row) => {
      const cell = row.children[index];
      return cell ? [cell.textContent?.trim() ?? ''] : [];
    });
  }, header);
}

/** The surnames the list shows, top to bottom. */
export const visibleSurnames = (page: Page): Promise<string[]> => columnTexts(page, 'Příjmení');

/** The line above the list: `Celkem 30 členů`, `Nalezeno 1 člen`. */
export const totalLine = (page: Page): Locator => page.getByText(/^(Celkem|Nalezeno) \d/);

/** Types into the list's search box and waits until the list shows exactly `expected` surnames. */
export async function searchList(page: Page, text: string, expected: readonly string[]): Promise<void> {
  await page.getByRole('searchbox', { name: 'Hledat: Členové' }).fill(text);
  await expect.poll(() => visibleSurnames(page)).toEqual(expected);
}

/** The flash message a user sees after an action (e.g. `Uloženo`). */
export const flash = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('region', { name: 'Oznámení' }).getByText(text);
