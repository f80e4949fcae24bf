import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import type { RecordedRequest } from '../../test/http-adapter.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';

afterEach(() => setApiClient(null));

const jsonBody = (request: RecordedRequest) => JSON.parse(String(request.data ?? '{}'));

describe('inviting a user', () => {
  it('ticks no role by itself: ticking Správce invites an admin only', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderApp(
      '/admin/uzivatel/pozvanka',
      fakeApi(ADMIN_USER, (request) => {
        if (request.method === 'POST' && request.url === '/api/admin/user/create/create-invite-user') {
          sent.push(jsonBody(request));
          return {
            status: 201,
            body: { data: { invitationSent: true, user: { ...jsonBody(request), id: 5 } } },
          };
        }
        return undefined;
      }),
    );
    const coach = await screen.findByRole('checkbox', { name: 'Člen nebo rodič' });
    expect(coach).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Správce' })).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: /Jméno/ }), 'Petra');
    await user.type(screen.getByRole('textbox', { name: /Příjmení/ }), 'Nová');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'petra@klub.cz');
    await user.click(screen.getByRole('button', { name: 'Poslat pozvánku' }));
    expect(await screen.findByText('Vyberte aspoň jednu roli.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Správce' }));
    await user.click(screen.getByRole('button', { name: 'Poslat pozvánku' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ email: 'petra@klub.cz', roles: ['ROLE_ADMIN'] });
  });
});
