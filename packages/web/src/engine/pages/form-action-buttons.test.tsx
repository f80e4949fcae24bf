import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { ok } from '../../test/engine-fixtures.ts';
import type { RecordedRequest } from '../../test/http-adapter.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';
import { serverFormSchema } from '../../test/server-schemas.ts';

afterEach(() => setApiClient(null));

describe('a declared form action', () => {
  it('offers „Vytvořit platby“ on a saved fee and tells what it created', async () => {
    const user = userEvent.setup();
    const posts: string[] = [];
    const fee = {
      id: 4,
      version: 1,
      title: 'Členský příspěvek 2026/27',
      amount: { amount: 150_050, currency: 'CZK' },
      dueDate: '2030-09-30',
      specificSymbol: null,
      message: null,
      groups: [],
      categories: [],
      memberTypes: ['ATHLETE'],
    };
    renderApp(
      '/admin/platby/poplatky/edit?id=4',
      fakeApi(ADMIN_USER, (request: RecordedRequest) => {
        if (request.url === '/api/cms/form/fee/schema') return ok(serverFormSchema('fee'));
        if (request.url === '/api/cms/form/fee/4') return ok(fee);
        if (request.method === 'POST' && request.url === '/api/cms/action/fee/4/create-payments') {
          posts.push(request.url);
          return ok({ created: 3, skipped: 0, ids: [1, 2, 3], message: 'Vytvořeny 3 platby.' });
        }
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Vytvořit platby' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await screen.findByText('Vytvořeny 3 platby.')).toBeInTheDocument();
  });
});
