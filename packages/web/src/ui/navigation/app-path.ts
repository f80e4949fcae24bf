import { buildUrl, type RouteName, type RouteParams } from '@klubovna/shared';

/** The SPA's basename: every back-office route lives under it. */
export const APP_BASENAME = '/admin';

/**
 * A link target for the router (which adds `/admin` itself), built from the named-route table so
 * only active routes can be linked (an inactive or unknown name throws).
 */
export function appPath(name: RouteName, params?: RouteParams): string {
  return routerPath(buildUrl(name, params));
}

/** A full back-office path (`/admin/clenove/edit?id=5`) as a router link target (`/clenove/edit?id=5`). */
export function routerPath(fullPath: string): string {
  const path = fullPath.startsWith(APP_BASENAME) ? fullPath.slice(APP_BASENAME.length) : fullPath;
  return path === '' || path.startsWith('?') ? `/${path}` : path;
}
