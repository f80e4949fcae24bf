import { PAGE_META, registerEntityRoutes, type UserDto } from '@klubovna/shared';
import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { setApiClient } from '../api/api.ts';
import { createApiClient, createHttpClient } from '../api/http-client.ts';
import { createAppRouter } from '../app/router.tsx';
import { APP_BASENAME } from '../ui/navigation/app-path.ts';
import { UiKitProvider } from '../ui/provider/ui-kit-provider.tsx';
import { createMemoryHistory } from '../ui/routing/history.ts';
import { RouterProvider } from '../ui/routing/router.tsx';
import { type FakeReply, fakeHttp, type RecordedRequest } from './http-adapter.ts';
import { DECLARED_ALIASES, declaredScreenRoutes } from './server-schemas.ts';

export const ADMIN_USER: UserDto = {
  id: 1,
  email: 'jana@klub.cz',
  firstName: 'Jana',
  lastName: 'Nováková',
  roles: ['ROLE_ADMIN'],
  active: true,
};

export type Handler = (request: RecordedRequest, body: Record<string, unknown>) => FakeReply | undefined;

export const unauthorized: FakeReply = {
  status: 401,
  body: { error: { message: 'Nejste přihlášeni.', code: 'UNAUTHORIZED', status: 401 } },
};

/** A fake API: the signed-in user (or none), plus per-test routes; unknown calls answer 404. */
export function fakeApi(user: UserDto | null, handler: Handler = () => undefined) {
  return (request: RecordedRequest): FakeReply => {
    const body = typeof request.data === 'string' && request.data ? JSON.parse(request.data) : {};
    const answer = handler(request, body);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/cms/user') {
      return user ? { status: 200, body: { data: { user } } } : unauthorized;
    }
    if (request.method === 'GET' && request.url === '/api/cms/me') {
      return user ? { status: 200, body: { data: user } } : unauthorized;
    }
    return { status: 404, body: { error: { message: 'Nenalezeno.', code: 'NOT_FOUND', status: 404 } } };
  };
}

/**
 * The whole app (real routes, providers, lazy zones) on a history in memory at `path` (with /admin);
 * `router.history.location` is where it is (without /admin).
 */
export function renderApp(path: string, reply: (request: RecordedRequest) => FakeReply) {
  declareEntities(DECLARED_ALIASES);
  const fake = fakeHttp(reply);
  setApiClient(createApiClient(createHttpClient({ adapter: fake.adapter })));
  const router = createAppRouter(createMemoryHistory(APP_BASENAME, path));
  const view = render(
    <UiKitProvider env="test">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </UiKitProvider>,
  );
  return { ...view, router, requests: fake.requests };
}

/**
 * The screens of these entities, as the server declares them: in the meta tag it puts into index.html,
 * and registered as the app does at start.
 */
export function declareEntities(aliases: readonly string[]) {
  const routes = declaredScreenRoutes(aliases);
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_META.entityScreens}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = PAGE_META.entityScreens;
    document.head.append(meta);
  }
  meta.content = JSON.stringify(routes);
  registerEntityRoutes(routes);
}
