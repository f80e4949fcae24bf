import { createContext, type ReactNode, use, useCallback, useMemo, useReducer, useRef } from 'react';
import type { FlashApi, FlashOptions } from './flash.types.ts';
import { flashReducer } from './flash-store.ts';
import { FlashViewport } from './flash-viewport.tsx';

const FlashContext = createContext<FlashApi | null>(null);

export function FlashProvider({ children }: { children: ReactNode }) {
  const [messages, dispatch] = useReducer(flashReducer, []);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => dispatch({ type: 'dismiss', id }), []);

  const api = useMemo<FlashApi>(() => {
    const show = (input: FlashOptions | string): string => {
      const options = typeof input === 'string' ? { message: input } : input;
      counter.current += 1;
      const id = options.id ?? `flash-${counter.current}`;
      dispatch({ type: 'show', id, options });
      return id;
    };
    return {
      show,
      success: (message, options) => show({ ...options, message, variant: 'success' }),
      error: (message, options) => show({ ...options, message, variant: 'error' }),
      dismiss,
      clear: () => dispatch({ type: 'clear' }),
    };
  }, [dismiss]);

  return (
    <FlashContext value={api}>
      {children}
      <FlashViewport messages={messages} onDismiss={dismiss} />
    </FlashContext>
  );
}

export function useFlash(): FlashApi {
  const api = use(FlashContext);
  if (!api) throw new Error('useFlash() must be used inside <FlashProvider> (part of <UiKitProvider>).');
  return api;
}
