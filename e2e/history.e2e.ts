import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { ADMIN, type Klubovna, startKlubovna } from './support/klubovna.ts';
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

describe('change history', () => {
  it('shows who changed which field from what to what, and puts a value back through the normal save', async () => {
    const member = await api.data<{ id: number; version: number }>('POST', '/api/cms/form/member', {
      lastName: 'Šťastná',
      firstName: 'Olga',
      memberType: 'ATHLETE',
    });
    await api.data('PUT', `/api/cms/form/member/${member.id}`, {
      version: member.version,
      lastName: 'Nešťastná',
      memberType: 'TRAINER',
    });

    const { page } = await openSignedIn(app, `/admin/clenove/edit?id=${member.id}`);
    await page.getByRole('button', { name: 'Historie změn' }).click();
    await page.getByText('Šťastná → Nešťastná').waitFor();
    await page.getByText('Závodník → Trenér').waitFor();
    await page.getByText(/Vytvořeno/).waitFor();

    await page.getByRole('button', { name: 'Vrátit pole Příjmení na Šťastná' }).click();
    await page.getByRole('button', { name: 'Vrátit a uložit' }).click();
    await flash(page, 'Vráceno: Příjmení').waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Příjmení', exact: true }).inputValue())
      .toBe('Šťastná');
    await page.getByText('Nešťastná → Šťastná').waitFor();
    const stored = await api.data<{ lastName: string }>('GET', `/api/cms/form/member/${member.id}`);
    expect(stored.lastName).toBe('Šťastná');
  });
});
