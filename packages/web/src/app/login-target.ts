import type { AppLocation } from '../ui/routing/history.ts';

/** The sign-in path with the current page to return to afterwards (nothing for the CMS index). */
export function loginTarget(
  loginPath: string,
  here: Pick<AppLocation, 'pathname' | 'search' | 'hash'>,
): string {
  const back = `${here.pathname}${here.search}${here.hash}`;
  return back === '/' || back === '' ? loginPath : `${loginPath}?returnTo=${encodeURIComponent(back)}`;
}
