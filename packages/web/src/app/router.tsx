import { createRouter as createRouteMatcher, findRoute, type RouteDefinition } from '@klubovna/shared';
import { prefetchCurrentUser } from '../api/use-current-user.ts';
import { APP_BASENAME } from '../ui/navigation/app-path.ts';
import { type AppHistory, type AppLocation, createBrowserHistory } from '../ui/routing/history.ts';
import {
  type AppRouter,
  type LazyComponent,
  lazyComponent,
  preloadCurrentPage,
  type RouteView,
} from '../ui/routing/router.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PageLoader } from './pages/page-loader.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { allScreens, type ScreenLayout } from './screens.ts';

/** Path parameters as the pages read them: a catch-all's segments joined again. */
const pageParams = (params: Record<string, string | string[]>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join('/') : value]),
  );

/**
 * The app's routes: every active route of the route table that has a screen, matched by the table's
 * own rules (`createRouter` of the shared package), its screen inside its layout inside RootLayout;
 * an address without a screen gets the "not found" page.
 */
export function createAppRoutes(): (location: AppLocation) => RouteView {
  // The shell (navigation, user menu, dates) is its own chunk: the sign-in page never loads it. It
  // renders once the signed-in user is in too, so its first render already has the user and the page.
  const shell = lazyComponent(async () => {
    const [module] = await Promise.all([import('./shell/authenticated-layout.tsx'), prefetchCurrentUser()]);
    return module.AuthenticatedLayout;
  });
  const layouts: Record<ScreenLayout, LazyComponent | typeof PublicLayout> = { public: PublicLayout, shell };
  const routed = allScreens().flatMap((screen) => {
    const route = findRoute(screen.name);
    return route?.active ? [{ route, layout: layouts[screen.layout], page: lazyComponent(screen.load) }] : [];
  });
  const screens = new Map(routed.map((entry) => [entry.route.name, entry]));
  const { matchRoute } = createRouteMatcher(routed.map((entry): RouteDefinition => entry.route));
  const notFound: RouteView = { routeName: 'notFound', params: {}, layers: [RootLayout, NotFoundPage] };

  return (location) => {
    const match = matchRoute(
      location.pathname === '/' ? APP_BASENAME : `${APP_BASENAME}${location.pathname}`,
    );
    const screen = match && screens.get(match.route.name);
    if (!match || !screen) return notFound;
    return {
      routeName: match.route.name,
      params: pageParams(match.params),
      layers: [RootLayout, screen.layout, screen.page],
    };
  };
}

export function createAppRouter(history: AppHistory = createBrowserHistory(APP_BASENAME)): AppRouter {
  const router = { history, resolve: createAppRoutes(), pendingPage: PageLoader, errorPage: RouteErrorPage };
  preloadCurrentPage(router);
  return router;
}
