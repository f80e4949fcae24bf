import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';

export interface BusyClickOptions {
  /** Busy from outside (e.g. a form being submitted), in addition to a pending click handler. */
  busy?: boolean;
  disabled?: boolean;
  /** Submit buttons are never blocked: the form decides whether a second submit is allowed. */
  type?: 'button' | 'submit' | 'reset';
}

export interface BusyClick<E> {
  busy: boolean;
  /** True when an activation would be ignored. */
  blocked: boolean;
  onClick: (event: E) => void;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

/**
 * Wraps a click handler: while the promise it returns is pending the element is busy, and busy or
 * disabled elements ignore activation — except submit buttons.
 */
export function useBusyClick<E extends Pick<MouseEvent, 'preventDefault'>>(
  handler: ((event: E) => unknown) | undefined,
  { busy = false, disabled = false, type = 'button' }: BusyClickOptions = {},
): BusyClick<E> {
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const isBusy = pending || busy;
  const isSubmit = type === 'submit';
  const blocked = !isSubmit && (isBusy || disabled);

  const onClick = useCallback(
    (event: E) => {
      if (!isSubmit && (busy || disabled || pendingRef.current)) {
        event.preventDefault();
        return;
      }
      const result = handler?.(event);
      if (!isThenable(result)) return;
      pendingRef.current = true;
      setPending(true);
      const settle = () => {
        pendingRef.current = false;
        if (mounted.current) setPending(false);
      };
      // The handler reports its own failure; here only the busy state must end.
      result.then(settle, settle);
    },
    [handler, busy, disabled, isSubmit],
  );

  return { busy: isBusy, blocked, onClick };
}
