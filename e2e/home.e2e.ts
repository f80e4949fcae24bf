import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { failuresInBothSchemes } from './support/axe.ts';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';
import { expectLaidOut } from './support/layout.ts';
import { createMember, openSignedIn } from './support/members.ts';
import { createPersonAccount, makeGuardian, pairAccount } from './support/people.ts';

// The home screen after signing in tells each person what needs doing: a trainer their groups' week, a
// parent what their child has coming and owes, the office what the club has to handle; each tile leads on.

let app: Klubovna;
let api: ApiSession;

const PASSWORD = 'Domovska-obrazovka-42';
const PARENT = { email: 'petra.rodicova@klub.test', firstName: 'Petra', lastName: 'Rodičová' };
const TRAINER = { email: 'karel.treneruv@klub.test', firstName: 'Karel', lastName: 'Trenérův' };
const PHONE = { width: 375, height: 740 };
const HOUR = 3_600_000;
const today = pragueToday();

const tile = (page: Page, title: string) => page.getByRole('region', { name: title });

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto(app.url('/admin/login'));
  await signIn(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { name: 'Co je potřeba udělat' }).waitFor();
}

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
  const child = (await createMember(api, { firstName: 'Ema', lastName: 'Rodičová' })).id;
  const trainerMember = (await createMember(api, { ...TRAINER, memberType: 'TRAINER' })).id;
  const group = await api.data<{ id: number }>('POST', '/api/cms/form/group', {
    name: 'Mladší žáci',
    trainers: [trainerMember],
  });
  await api.data('POST', '/api/cms/form/group-member', {
    group: group.id,
    member: child,
    validFrom: addDays(today, -60),
  });
  const startsAt = new Date(Date.now() + 5 * 60_000);
  await api.data('POST', '/api/cms/form/training', {
    group: group.id,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
    place: 'Tělocvična ZŠ',
  });
  // The club's account, so that the request carries its QR Platba.
  await api.data('POST', '/api/cms/form/web-configuration', {
    clubName: 'SK Klubovna',
    bankAccount: '2000145399/0800',
  });
  await api.data('POST', '/api/cms/form/payment', {
    member: child,
    title: 'Oddílový příspěvek',
    amount: { amount: 250_000, currency: 'CZK' },
    dueDate: addDays(today, -5),
  });
  await api.data('POST', '/api/cms/form/camp', {
    name: 'Jarní soustředění',
    dateFrom: addDays(today, 40),
    dateTo: addDays(today, 44),
    capacity: 20,
    registrationDeadline: addDays(today, 5),
  });
  const parent = await createPersonAccount(api, { ...PARENT, password: PASSWORD });
  await makeGuardian(api, parent, child, `${PARENT.firstName} ${PARENT.lastName}`);
  const trainer = await createPersonAccount(api, { ...TRAINER, password: PASSWORD });
  await pairAccount(api, trainer, trainerMember);
});

afterAll(async () => {
  await app?.close();
});

describe('the home screen', () => {
  it('shows the office overdue payments and sign-up deadlines, and leads to the filtered list', async () => {
    const { page } = await openSignedIn(app, '/admin');
    const overdue = tile(page, 'Platby po splatnosti');
    await overdue.getByText('1 platba je po splatnosti.').waitFor();
    await overdue.getByRole('link', { name: 'Ema Rodičová' }).waitFor();
    await tile(page, 'Uzávěrky přihlášek')
      .getByText(/20 volných míst/)
      .waitFor();
    expect(await failuresInBothSchemes(page, overdue)).toEqual({ light: '', dark: '' });

    await overdue.getByRole('link', { name: 'Platby po splatnosti' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/platby' && !url.search.includes('filter'));
    await page.getByRole('cell', { name: 'Oddílový příspěvek' }).first().waitFor();
    const answer = await api.data<{ data: Record<string, { data: { filters: Record<string, unknown> } }> }>(
      'GET',
      '/api/cms/user-config',
    );
    expect(JSON.stringify(answer)).toContain(addDays(today, -1));
  });

  it('asks for its tiles once on a load, as its page names them: the prefetched answer is not asked for again', async () => {
    const { page } = await openSignedIn(app, '/admin');
    await tile(page, 'Platby po splatnosti').waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    await page.reload();
    await tile(page, 'Platby po splatnosti').getByText('1 platba je po splatnosti.').waitFor();
    // Long enough for a revalidation after the tiles' mount to have been sent.
    await page.waitForTimeout(1000);
    expect(asked.filter((path) => path === '/api/cms/home')).toHaveLength(1);
  });

  it("shows a trainer today's training waiting for attendance, on a phone", async () => {
    const { page } = await app.newPage({ viewport: PHONE });
    await signInAs(page, TRAINER.email);
    const waiting = tile(page, 'Docházka k zapsání');
    await waiting.getByRole('link', { name: 'Mladší žáci' }).waitFor();
    await tile(page, 'Docházka skupin').waitFor();
    await expectLaidOut(page, 'home of a trainer');
    expect(await failuresInBothSchemes(page, waiting)).toEqual({ light: '', dark: '' });
    await waiting.getByRole('link', { name: 'Mladší žáci' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/treninky/dochazka');
  });

  it('shows a parent what their child owes and has coming, on a phone', async () => {
    const { page } = await app.newPage({ viewport: PHONE });
    await signInAs(page, PARENT.email);
    const owed = tile(page, 'K zaplacení');
    await owed.getByText('Oddílový příspěvek').waitFor();
    await owed.getByText(/2\s500,00\sKč/).waitFor();
    await tile(page, 'Nejbližší tréninky').getByText('Mladší žáci').waitFor();
    await expectLaidOut(page, 'home of a parent');
    expect(await failuresInBothSchemes(page, owed)).toEqual({ light: '', dark: '' });
    await owed.getByRole('link', { name: 'Platební údaje a QR kód' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/muj-klub');
    const qr = page.getByRole('img', { name: /^QR Platba Oddílový příspěvek, 2\s500,00\sKč/ });
    await qr.waitFor();
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    await expectLaidOut(page, 'own account of a parent with the QR Platba');
  });
});
