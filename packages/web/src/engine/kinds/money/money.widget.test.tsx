import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../api/api.ts';
import { ok } from '../../../test/engine-fixtures.ts';
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
});
