import { buildUrl, type RouteName, type RouteParams } from '@klubovna/shared';

/** The SPA's basename: every back-office route lives under it. */
export const APP_BASENAME = '/admin';

/**
 * A link target for the router (which adds `/admin` itself), built from the named-route table so
 * only active routes can be linked (an inactive or unknown name throws).
 */
export function appPath(name: RouteName, params?: RouteParams): string {
  const url = buildUrl(name, params);
  const path = url.startsWith(APP_BASENAME) ? url.slice(APP_BASENAME.length) : url;
  return path === '' || path.startsWith('?') ? `/${path}` : path;
}
