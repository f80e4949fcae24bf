import { useState } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { apiGet } from './api.ts';

/** SWR keys are API paths, optionally with query parameters: `'/api/x'` or `['/api/x', { page: 2 }]`. */
export type ApiKey = string | readonly [string, object | null | undefined];

/** How long a prefetched answer waits for its screen; an older one is not handed over (it may be stale). */
const FRESH_FOR_MS = 10_000;

interface Waiting {
  answer: Promise<unknown>;
  at: number;
  /** The answer once it has come. */
  settled?: { data: unknown };
}

const waiting = new Map<string, Waiting>();

/**
 * Asks for an answer ahead of the hook that shows it (while the screen's code is still loading). The
 * hook's first fetch takes it over (`takePrefetched`), so the answer is asked for once. A failure is
 * dropped at once: the hook then asks itself and reports it as usual.
 */
export function prefetch<T>(key: ApiKey, ask: () => Promise<T>): Promise<T> {
  const id = unstable_serialize(key);
  const asked = waiting.get(id);
  if (asked) return asked.answer as Promise<T>;
  const answer = ask();
  const entry: Waiting = { answer, at: Date.now() };
  waiting.set(id, entry);
  answer.then(
    (data) => {
      entry.settled = { data };
    },
    () => {
      if (waiting.get(id) === entry) waiting.delete(id);
    },
  );
  return answer;
}

/** Asks for a GET's answer ahead of the hook that shows it (see `prefetch`), by `apiGet`. */
export function prefetchGet<T>(key: ApiKey): Promise<T> {
  return prefetch(key, () => (typeof key === 'string' ? apiGet<T>(key) : apiGet<T>(key[0], key[1])));
}

/** The answer prefetched for this key, if there is a fresh one; each is handed over once. */
export function takePrefetched<T>(key: ApiKey): Promise<T> | undefined {
  const id = unstable_serialize(key);
  const entry = waiting.get(id);
  waiting.delete(id);
  return entry && Date.now() - entry.at < FRESH_FOR_MS ? (entry.answer as Promise<T>) : undefined;
}

/**
 * Moves the prefetched answer for this key, if it has come (and is fresh), into SWR's cache before the
 * hook that shows it first renders (call it before that hook; `select` turns the answer into what the
 * hook's fetcher would give). The hook's first render then has the data and its mount finds the cache
 * as it rendered it. Handed over as SWR's `fallbackData` instead, the answer reached the cache only
 * after the mount, and SWR renders again, synchronously, for a cache change: the whole screen a second
 * time, in one long task. Returns whether the cache was filled (the hook then need not fetch on mount).
 */
export function usePrefetchedInCache<T>(
  key: ApiKey | null,
  select: (answer: never) => T = (answer) => answer,
): boolean {
  const { cache } = useSWRConfig();
  const [filled] = useState(() => {
    if (key === null) return false;
    const id = unstable_serialize(key);
    const entry = waiting.get(id);
    if (!entry?.settled || Date.now() - entry.at >= FRESH_FOR_MS) return false;
    waiting.delete(id);
    if (cache.get(id)?.data === undefined) cache.set(id, { data: select(entry.settled.data as never) });
    return true;
  });
  return filled;
}

/** Forgets every waiting answer (a test's next app must not be handed the last one's). */
export function clearPrefetched(): void {
  waiting.clear();
}
