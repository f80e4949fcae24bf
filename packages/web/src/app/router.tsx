import { createBrowserRouter, type RouteObject } from 'react-router';
import { prefetchCurrentUser } from '../api/use-current-user.ts';
import { APP_BASENAME } from '../ui/navigation/app-path.ts';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PageLoader } from './pages/page-loader.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import type { RouteHandle } from './route-handle.ts';
import { findRoute, toRouterPath } from './route-table.ts';
import { allScreens, type Screen, type ScreenLayout } from './screens.ts';

function screenRoutes(screens: Screen[], layout: ScreenLayout): RouteObject[] {
  return screens
    .filter((screen) => screen.layout === layout)
    .flatMap((screen: Screen) => {
      const route = findRoute(screen.name);
      if (!route?.active) return [];
      const path = toRouterPath(route.path);
      const handle: RouteHandle = { routeName: screen.name };
      const lazy = async () => ({ Component: await screen.load() });
      return [path === '' ? { index: true, handle, lazy } : { path, handle, lazy }];
    });
}

export function createRoutes(): RouteObject[] {
  const screens = allScreens();
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageLoader,
      children: [
        { Component: PublicLayout, children: screenRoutes(screens, 'public') },
        {
          // The shell (navigation, user menu, dates) is its own chunk: the sign-in page never loads it.
          // It renders once the signed-in user is in too, so its first render (in the router's
          // transition, in short slices) already has the user and the page.
          lazy: async () => {
            const [shell] = await Promise.all([
              import('./shell/authenticated-layout.tsx'),
              prefetchCurrentUser(),
            ]);
            return { Component: shell.AuthenticatedLayout };
          },
          children: screenRoutes(screens, 'shell'),
        },
        { path: '*', Component: NotFoundPage, handle: { routeName: 'notFound' } satisfies RouteHandle },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes(), { basename: APP_BASENAME });
}
