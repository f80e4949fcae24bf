import { unstable_serialize } from 'swr';

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

/** The answer prefetched for this key, if there is a fresh one; each is handed over once. */
export function takePrefetched<T>(key: ApiKey): Promise<T> | undefined {
  const id = unstable_serialize(key);
  const entry = waiting.get(id);
  waiting.delete(id);
  return entry && Date.now() - entry.at < FRESH_FOR_MS ? (entry.answer as Promise<T>) : undefined;
}

/**
 * The prefetched answer for this key if it has already come (and is fresh), without taking it over: a
 * hook's first render shows it (SWR's `fallbackData`), so a screen whose data came with its code
 * renders once, in the router's transition, rather than empty first and again, in one long
 * synchronous render, when its fetch hands the answer over.
 */
export function peekPrefetched<T>(key: ApiKey): T | undefined {
  const entry = waiting.get(unstable_serialize(key));
  return entry?.settled && Date.now() - entry.at < FRESH_FOR_MS ? (entry.settled.data as T) : undefined;
}

/** Forgets every waiting answer (a test's next app must not be handed the last one's). */
export function clearPrefetched(): void {
  waiting.clear();
}
