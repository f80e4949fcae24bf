import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { ok } from '../../test/engine-fixtures.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';
import { serverFormSchema } from '../../test/server-schemas.ts';

afterEach(() => setApiClient(null));

const failedJob = {
  id: 7,
  version: 3,
  kind: 'reminders',
  state: 'failed',
  attempts: 5,
  maxAttempts: 5,
  runAt: '2026-11-26T10:00:00.000Z',
  startedAt: '2026-11-26T10:00:01.000Z',
  finishedAt: '2026-11-26T10:00:02.000Z',
  lastError: 'Server pošty neodpovídá',
  payload: null,
  leaseOwner: null,
  leaseExpiresAt: null,
  slot: null,
};

describe('a background job’s screen', () => {
  it('shows a failed run read-only and queues it again with „Zkusit znovu“', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      '/admin/uzivatele/ulohy/edit?id=7',
      fakeApi(ADMIN_USER, (request) => {
        if (request.url === '/api/cms/form/job/schema') return ok(serverFormSchema('job'));
        if (request.url === '/api/cms/form/job/7') return ok(failedJob);
        if (request.url === '/api/cms/history/job/7') return ok({ items: [], total: 0 });
        if (request.url === '/api/cms/action/job/7/retry')
          return ok({ ...failedJob, state: 'queued', attempts: 0, version: 4 });
        return undefined;
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Úloha selhala' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Server pošty neodpovídá')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Uložit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zkusit znovu' }));
    expect(await screen.findByText('Úloha znovu čeká na spuštění.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Úloha selhala' })).toBeNull());
    expect(requests.some((request) => request.method === 'POST' && request.url.endsWith('/retry'))).toBe(
      true,
    );
  });
});
