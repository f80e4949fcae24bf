import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../api/api.ts';
import { ok } from '../../../test/engine-fixtures.ts';
import type { RecordedRequest } from '../../../test/http-adapter.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../../test/render-app.tsx';
import { serverFormSchema } from '../../../test/server-schemas.ts';

afterEach(() => setApiClient(null));

const query = (request: RecordedRequest) => new URLSearchParams(request.fullUrl.split('?')[1] ?? '');

describe('relation picker', () => {
  it('asks for what the field accepts and tells apart options of one name', async () => {
    const user = userEvent.setup();
    const asked: URLSearchParams[] = [];
    renderApp(
      '/admin/skupiny/create',
      fakeApi(ADMIN_USER, (request) => {
        if (request.url === '/api/cms/form/group/schema') return ok(serverFormSchema('group'));
        if (request.url === '/api/cms/autocomplete/member') {
          asked.push(query(request));
          return ok([
            { value: 1, label: 'Čermák Martin', detail: '1980 · Trenér' },
            { value: 2, label: 'Čermák Martin', detail: '1975 · Vedoucí trenér · Dorost' },
          ]);
        }
        return undefined;
      }),
    );
    await user.type(await screen.findByRole('combobox', { name: 'Trenéři' }), 'cermak');
    await waitFor(() => expect(asked.at(-1)?.get('s')).toBe('cermak'));
    expect(asked.every((params) => params.get('field') === 'group.trainers')).toBe(true);
    expect(await screen.findByRole('option', { name: 'Čermák Martin 1980 · Trenér' })).toBeInTheDocument();
    expect(
      screen.getByRole('option', { name: 'Čermák Martin 1975 · Vedoucí trenér · Dorost' }),
    ).toBeInTheDocument();
  });
});
