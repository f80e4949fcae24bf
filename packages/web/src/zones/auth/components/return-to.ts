/** Query parameter that carries where to go after signing in. */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * A safe in-app path to return to after signing in: only same-app paths (no other origin, no
 * protocol-relative `//`), without the `/admin` basename; the CMS index otherwise.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  const path = value.replace(/^\/admin(?=\/|$|\?|#)/, '') || '/';
  if (path.startsWith('/login') || path.startsWith('/logout')) return '/';
  return path.startsWith('/') ? path : `/${path}`;
}
