import type { Location } from 'react-router';

/** The sign-in path with the current page to return to afterwards (nothing for the CMS index). */
export function loginTarget(loginPath: string, here: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const back = `${here.pathname}${here.search}${here.hash}`;
  return back === '/' || back === '' ? loginPath : `${loginPath}?returnTo=${encodeURIComponent(back)}`;
}
