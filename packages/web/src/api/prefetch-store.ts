import { unstable_serialize } from 'swr';

/** SWR keys are API paths, optionally with query parameters: `'/api/x'` or `['/api/x', { page: 2 }]`. */
export type ApiKey = string | readonly [string, object | null | undefined];

/** How long a prefetched answer waits for its screen; an older one is not handed over (it may be stale). */
const FRESH_FOR_MS = 10_000;

const waiting = new Map<string, { answer: Promise<unknown>; at: number }>();

/**
 * Asks for an answer ahead of the hook that shows it (while the screen's code is still loading). The
 * hook's first fetch takes it over (`takePrefetched`), so the answer is asked for once. A failure is
 * dropped at once: the hook then asks itself and reports it as usual.
 */
export function prefetch<T>(key: ApiKey, ask: () => Promise<T>): Promise<T> {
  const id = unstable_serialize(key);
  const entry = waiting.get(id);
  if (entry) return entry.answer as Promise<T>;
  const answer = ask();
  waiting.set(id, { answer, at: Date.now() });
  answer.catch(() => {
    if (waiting.get(id)?.answer === answer) waiting.delete(id);
  });
  return answer;
}

/** The answer prefetched for this key, if there is a fresh one; each is handed over once. */
export function takePrefetched<T>(key: ApiKey): Promise<T> | undefined {
  const id = unstable_serialize(key);
  const entry = waiting.get(id);
  waiting.delete(id);
  return entry && Date.now() - entry.at < FRESH_FOR_MS ? (entry.answer as Promise<T>) : undefined;
}

/** Forgets every waiting answer (a test's next app must not be handed the last one's). */
export function clearPrefetched(): void {
  waiting.clear();
}
