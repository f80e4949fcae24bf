import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useEffect } from 'react';
import { useControls, useLocation, useNavigate } from './router-context.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path within the app (`/clenove/edit?id=5`), or only a query or hash. */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const opensElsewhere = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (target !== undefined && target !== '_self');

/** A link within the app: a real `<a href>` (a new tab, copying the address), followed without a reload. */
export function Link({ to, replace, onClick, target, ref, ...rest }: LinkProps) {
  const { navigate, createHref } = useControls();
  // The address of the link follows the page it is on (a query-only link keeps the path).
  const { pathname, search, hash } = useLocation();
  const href = createHref(to);
  // A link to the page shown replaces its entry: Back then leaves the page, not the same page again.
  const here = href === createHref(`${pathname}${search}${hash}`);
  return (
    <a
      {...rest}
      ref={ref}
      target={target}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event, target)) return;
        event.preventDefault();
        void navigate(to, { replace: replace ?? here });
      }}
    />
  );
}

/** Goes elsewhere as soon as it renders (a page that is not for this person). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}
