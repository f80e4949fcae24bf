import { useCallback, useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { ApiProvider } from '../api/api-provider.tsx';
import { CURRENT_USER_KEY } from '../api/use-current-user.ts';
import { useFlash } from '../ui/flash/flash-provider.tsx';
import { appPath } from '../ui/navigation/app-path.ts';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useRouteName } from '../ui/routing/router.tsx';
import { loginTarget } from './login-target.ts';
import { findRoute } from './route-table.ts';

const APP_NAME = 'Klubovna';
const PUBLIC_SCREENS = new Set(['cms.login', 'cms.logout', 'cms.forgottenPassword', 'cms.renewPassword']);

/** Page titles from the route table. */
function useDocumentTitle(routeName: string | undefined): void {
  useEffect(() => {
    const title = routeName === 'notFound' ? 'Stránka nenalezena' : routeName && findRoute(routeName)?.title;
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [routeName]);
}

/** Everything inside the router: the API layer with its global error handler, titles, scrolling. */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const flash = useFlash();
  const { mutate } = useSWRConfig();
  const routeName = useRouteName();
  useDocumentTitle(routeName);

  const current = useRef({ location, routeName });
  current.current = { location, routeName };

  // 401 anywhere: to the sign-in screen, and back here afterwards.
  const onUnauthorized = useCallback(() => {
    const { location: here, routeName: name } = current.current;
    if (name && PUBLIC_SCREENS.has(name)) return;
    flash.show({
      id: 'session-expired',
      variant: 'warning',
      message: 'Vaše přihlášení vypršelo. Přihlaste se prosím znovu.',
    });
    void Promise.resolve(navigate(loginTarget(appPath('cms.login'), here), { replace: true })).then(() =>
      mutate(CURRENT_USER_KEY, undefined, { revalidate: false }),
    );
  }, [flash, mutate, navigate]);

  return (
    <ApiProvider onUnauthorized={onUnauthorized}>
      <Outlet />
      <ScrollRestoration />
    </ApiProvider>
  );
}
