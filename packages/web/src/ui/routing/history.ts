/** Where the app is: the path within the basename (`/clenove` for `/admin/clenove`), query and hash. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** Unique per history entry: what scroll positions are kept under. */
  key: string;
  /** The entry's place in this tab's history (0 = the first page the app was opened at). */
  index: number;
}

/** How the app came to the current location: a link or a call (push, replace) or Back and Forward (pop). */
export type HistoryAction = 'push' | 'replace' | 'pop';

export interface AppHistory {
  readonly location: AppLocation;
  /** The address as the browser shows it (`/admin/clenove?page=2`) of a path within the basename. */
  createHref(to: string): string;
  push(to: string): void;
  replace(to: string): void;
  go(delta: number): void;
  /** Called after every change of the location (pop included); answers the unsubscribe. */
  listen(listener: (action: HistoryAction) => void): () => void;
}

/** What the browser keeps in each history entry for us. */
interface EntryState {
  key: string;
  index: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * Splits a path (`/clenove/edit?id=5#historie`) into its parts; a target that is only a query or a hash
 * (`?page=2`, `#zmena-hesla`) keeps the current path (and query).
 */
export function resolvePath(
  to: string,
  from: Pick<AppLocation, 'pathname' | 'search'>,
): Pick<AppLocation, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://app${from.pathname}${to.startsWith('#') ? from.search : ''}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const withoutBasename = (pathname: string, basename: string): string =>
  pathname === basename || pathname.startsWith(`${basename}/`)
    ? pathname.slice(basename.length) || '/'
    : pathname;

/** The browser's address of a location within the basename (`/admin` for `/`, not `/admin/`). */
const fullHref = (
  basename: string,
  { pathname, search, hash }: Pick<AppLocation, 'pathname' | 'search' | 'hash'>,
) => `${basename && pathname === '/' ? basename : `${basename}${pathname}`}${search}${hash}`;

/** The tab's history under `basename` (`/admin`): the address bar, Back and Forward. */
export function createBrowserHistory(basename: string): AppHistory {
  const listeners = new Set<(action: HistoryAction) => void>();
  const read = (): AppLocation => {
    const state = window.history.state as Partial<EntryState> | null;
    return {
      pathname: withoutBasename(window.location.pathname, basename),
      search: window.location.search,
      hash: window.location.hash,
      key: state?.key ?? 'default',
      index: state?.index ?? 0,
    };
  };
  // The first entry is marked too, so Back to it knows its place.
  if (typeof window.history.state?.index !== 'number') {
    window.history.replaceState({ ...window.history.state, key: newKey(), index: 0 }, '');
  }
  let location = read();
  const notify = (action: HistoryAction) => {
    location = read();
    for (const listener of listeners) listener(action);
  };
  const createHref = (to: string) => fullHref(basename, resolvePath(to, location));
  window.addEventListener('popstate', () => notify('pop'));
  return {
    get location() {
      return location;
    },
    createHref,
    push(to) {
      window.history.pushState({ key: newKey(), index: location.index + 1 }, '', createHref(to));
      notify('push');
    },
    replace(to) {
      window.history.replaceState({ key: newKey(), index: location.index }, '', createHref(to));
      notify('replace');
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history in memory (tests): the same rules without a browser's address bar. */
export function createMemoryHistory(basename: string, initialPath: string): AppHistory {
  const listeners = new Set<(action: HistoryAction) => void>();
  const entry = (to: string, index: number, from: Pick<AppLocation, 'pathname' | 'search'>): AppLocation => ({
    ...resolvePath(to, from),
    key: newKey(),
    index,
  });
  const initial = resolvePath(initialPath, { pathname: '/', search: '' });
  const entries: AppLocation[] = [
    { ...initial, pathname: withoutBasename(initial.pathname, basename), key: newKey(), index: 0 },
  ];
  let current = 0;
  const notify = (action: HistoryAction) => {
    for (const listener of listeners) listener(action);
  };
  const history: AppHistory = {
    get location() {
      return entries[current]!;
    },
    createHref: (to) => fullHref(basename, resolvePath(to, entries[current]!)),
    push(to) {
      const next = entry(to, current + 1, entries[current]!);
      entries.splice(current + 1, entries.length, next);
      current += 1;
      notify('push');
    },
    replace(to) {
      entries[current] = entry(to, current, entries[current]!);
      notify('replace');
    },
    go(delta) {
      const target = Math.min(entries.length - 1, Math.max(0, current + delta));
      if (target === current) return;
      current = target;
      // As a browser does: the pop comes after the call has returned.
      queueMicrotask(() => notify('pop'));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}
