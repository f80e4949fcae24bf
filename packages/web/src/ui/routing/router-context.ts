import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AppLocation, HistoryAction } from './history.ts';
import type { RouteView } from './route-view.ts';

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
}

/** Goes to a path within the app (`/clenove`, `?page=2`) or `delta` entries back or forward; settles once it has rendered. */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => Promise<void>;

export interface Blocker {
  shouldBlock(current: AppLocation, next: Pick<AppLocation, 'pathname' | 'search' | 'hash'>): boolean;
  block(proceed: () => void): void;
}

export interface RouterControls {
  navigate: NavigateFunction;
  createHref(to: string): string;
  /** The latest location, also before it has rendered (a query changed twice in a row builds on the first). */
  latest(): AppLocation;
  setBlocker(blocker: Blocker | null): void;
}

export interface RenderedRoute {
  location: AppLocation;
  action: HistoryAction;
  view: RouteView;
  /** The page's code could not be loaded (a new release, no connection). */
  failure?: { error: unknown };
}

export const ControlsContext = createContext<RouterControls | null>(null);
export const RouteContext = createContext<RenderedRoute | null>(null);
export const PendingContext = createContext(false);
export const OutletContext = createContext<ReactNode>(null);

export function useControls(): RouterControls {
  const controls = use(ControlsContext);
  if (!controls) throw new Error('Router hooks must be used inside <RouterProvider>.');
  return controls;
}

export function useRenderedRoute(): RenderedRoute {
  const route = use(RouteContext);
  if (!route) throw new Error('Router hooks must be used inside <RouterProvider>.');
  return route;
}

/** Where a layout shows what is inside it. */
export function Outlet() {
  return use(OutletContext);
}

export function useLocation(): AppLocation {
  return useRenderedRoute().location;
}

export function useNavigate(): NavigateFunction {
  return useControls().navigate;
}

/** The route table's name of the page shown (`notFound` when the address has no screen). */
export function useRouteName(): string {
  return useRenderedRoute().view.routeName;
}

/** The path's parameters (`token` of `/obnova-hesla/[token]`). */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useRenderedRoute().view.params;
}

/** Whether a navigation is under way: the next page's code is still coming. */
export function useNavigationPending(): boolean {
  return use(PendingContext);
}

export type SetSearchParams = (
  next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => Promise<void>;

/** The address's query, and a change of it (a function gets the latest query, changed or not yet rendered). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const { navigate, latest } = useControls();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(latest().search)) : next;
      const query = value.toString();
      return navigate(query ? `?${query}` : latest().pathname, options);
    },
    [navigate, latest],
  );
  return [params, set];
}

export interface BlockerState {
  /** A navigation is held until proceed() or reset(). */
  blocked: boolean;
  proceed(): void;
  reset(): void;
}

/**
 * Holds navigations for which `shouldBlock` answers true (links, calls, Back and Forward) until the
 * person decides: proceed() goes on, reset() stays. One at a time, as one form asks at a time.
 */
export function useBlocker(
  shouldBlock: (current: AppLocation, next: Pick<AppLocation, 'pathname' | 'search' | 'hash'>) => boolean,
): BlockerState {
  const { setBlocker } = useControls();
  const [held, setHeld] = useState<(() => void) | null>(null);
  const check = useRef(shouldBlock);
  check.current = shouldBlock;
  useEffect(() => {
    setBlocker({
      shouldBlock: (current, next) => check.current(current, next),
      block: (proceed) => setHeld(() => proceed),
    });
    return () => setBlocker(null);
  }, [setBlocker]);
  return useMemo(
    () => ({
      blocked: held !== null,
      proceed: () => {
        setHeld(null);
        held?.();
      },
      reset: () => setHeld(null),
    }),
    [held],
  );
}
