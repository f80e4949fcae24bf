import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { failuresInBothSchemes } from './support/axe.ts';
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

describe('trash', () => {
  it('restores a deleted member from the trash, by keyboard, on a phone', async () => {
    const member = await api.data<{ id: number }>('POST', '/api/cms/form/member', {
      lastName: 'Košová',
      firstName: 'Žofie',
      registrationNumber: 'KOS-E2E',
    });
    await api.data('DELETE', `/api/cms/form/member/${member.id}`);
    expect((await api.request('GET', `/api/cms/form/member/${member.id}`)).status).toBe(404);

    const { page } = await openSignedIn(app, '/admin/kos', { viewport: { width: 375, height: 740 } });
    const restore = page.getByRole('button', { name: 'Obnovit člena Žofie Košová' });
    await restore.waitFor();
    const row = page.getByRole('row', { name: /Žofie Košová/ });
    await row.getByText('Člen', { exact: true }).waitFor();
    expect(await failuresInBothSchemes(page, restore)).toEqual({ light: '', dark: '' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The search goes out 250 ms after typing, maybe after the type's list: the row is focused only
    // once the list of both has come, or its re-render would take the focus away.
    const bothApplied = page.waitForResponse((response) => {
      const query = new URL(response.url()).searchParams;
      return query.get('s') === 'kosova zofie' && query.has('entity');
    });
    await page.getByRole('textbox', { name: 'Hledat v koši' }).fill('kosova zofie');
    await page.getByRole('combobox', { name: 'Typ záznamu' }).click();
    await page.getByRole('option', { name: 'Členové', exact: true }).click();
    await bothApplied;
    await page.getByText('1 smazaný záznam').waitFor();
    await restore.press('Enter');
    await flash(page, 'Obnoveno: Člen „Žofie Košová“.').waitFor();
    await page.getByText('Koš je prázdný').or(page.getByText('Nic nenalezeno')).waitFor();
    const back = await api.data<{ registrationNumber: string }>('GET', `/api/cms/form/member/${member.id}`);
    expect(back.registrationNumber).toBe('KOS-E2E');

    await page.goto(app.url(`/admin/clenove/edit?id=${member.id}`));
    await page.getByRole('button', { name: 'Historie změn' }).click();
    await page.getByText(/obnovení z koše/).waitFor();
  });
});
