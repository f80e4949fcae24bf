import { act, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHttp } from '../test/http-adapter.ts';
import { ADMIN_USER, fakeApi } from '../test/render-app.tsx';
import { setApiClient } from './api.ts';
import { createApiClient, createHttpClient } from './http-client.ts';
import { useCurrentUser } from './use-current-user.ts';

afterEach(() => setApiClient(null));

function Roles() {
  const { roles, user } = useCurrentUser();
  return <output>{user ? `${user.email}: ${roles.join(',')}` : `roles=[${roles.join(',')}]`}</output>;
}

describe('current user', () => {
  it('has no roles while loading, then the user from /api/cms/user, fetched once', async () => {
    const fake = fakeHttp(fakeApi(ADMIN_USER));
    setApiClient(createApiClient(createHttpClient({ adapter: fake.adapter })));
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Roles />
      </SWRConfig>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('roles=[]');
    expect(await screen.findByText('jana@klub.cz: ROLE_ADMIN')).toBeInTheDocument();
    expect(fake.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/cms/user']);

    // No revalidation on focus or reconnect.
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('online'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitFor(() => expect(fake.requests).toHaveLength(1));
  });
});
