import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs an async action at most once at a time: further calls while it is pending are ignored.
 * Forms use it for submission, so a busy submit button may be pressed without double-sending.
 */
export function useAsyncAction<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
): [pending: boolean, run: (...args: A) => Promise<void>] {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const mounted = useRef(true);
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
      if (mounted.current) setPending(false);
    }
  }, []);

  return [pending, run];
}
