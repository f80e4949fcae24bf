import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../api/api.ts';
import { ok } from '../../../test/engine-fixtures.ts';
import type { RecordedRequest } from '../../../test/http-adapter.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../../test/render-app.tsx';
import { serverFormSchema } from '../../../test/server-schemas.ts';

afterEach(() => setApiClient(null));

describe('money input', () => {
  it('shows the currency’s code, which fits its field, and finds a currency by its name', async () => {
    const user = userEvent.setup();
    renderApp(
      '/admin/soustredeni/create',
      fakeApi(ADMIN_USER, (request) =>
        request.url === '/api/cms/form/camp/schema' ? ok(serverFormSchema('camp')) : undefined,
      ),
    );
    const currency = await screen.findByRole('combobox', { name: 'Cena – měna' });
    expect(currency).toHaveValue('CZK');
    await user.click(currency);
    await user.clear(currency);
    await user.type(currency, 'euro');
    await user.click(await screen.findByRole('option', { name: 'EUR – Euro' }));
    await waitFor(() => expect(currency).toHaveValue('EUR'));
  });

  it('shows haléře as crowns with a decimal comma and sends what is typed in haléře', async () => {
    const user = userEvent.setup();
    const puts: Array<Record<string, unknown>> = [];
    const camp = {
      id: 4,
      version: 1,
      name: 'Jizerky',
      dateFrom: '2027-02-01',
      dateTo: '2027-02-07',
      price: { amount: 120_050, currency: 'CZK' },
      capacity: null,
      groups: [],
    };
    renderApp(
      '/admin/soustredeni/edit?id=4',
      fakeApi(ADMIN_USER, (request: RecordedRequest) => {
        if (request.url === '/api/cms/form/camp/schema') return ok(serverFormSchema('camp'));
        if (request.url === '/api/cms/form/camp/4' && request.method === 'GET') return ok(camp);
        if (request.url === '/api/cms/form/camp/4' && request.method === 'PUT') {
          const body = JSON.parse(String(request.data));
          puts.push(body);
          return ok({ ...camp, ...body, version: 2 });
        }
        return undefined;
      }),
    );
    const price = await screen.findByRole('textbox', { name: 'Cena' });
    expect(price).toHaveValue('1\u00a0200,50');
    await user.clear(price);
    await user.type(price, '12,345');
    expect(
      await screen.findByText('Zadejte částku nejvýše na dvě desetinná místa (haléře).'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(puts).toEqual([]);
    await user.clear(price);
    await user.type(price, '1500,5');
    await user.tab();
    expect(price).toHaveValue('1\u00a0500,50');
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ price: { amount: 150_050, currency: 'CZK' } });
  });
});
