import { createContext, type ReactNode, use, useCallback, useMemo } from 'react';
import { SWRConfig } from 'swr';
import { useFlash } from '../ui/flash/flash-provider.tsx';
import { UnauthorizedError } from './api-errors.ts';
import { errorMessageOrGeneric } from './error-message.ts';
import { createSwrConfig } from './swr-config.ts';

export type ErrorHandler = (error: unknown) => void;

const ErrorHandlerContext = createContext<ErrorHandler | null>(null);

export interface ApiProviderProps {
  children: ReactNode;
  /** What the app does on 401: the sign-in screen, coming back afterwards. */
  onUnauthorized: (error: UnauthorizedError) => void;
}

/** SWR with our timings (swr-config.ts) and the one global error handler (error flash, 401 → sign-in). */
export function ApiProvider({ children, onUnauthorized }: ApiProviderProps) {
  const flash = useFlash();
  const handleError = useCallback<ErrorHandler>(
    (error) => {
      if (error instanceof UnauthorizedError) {
        onUnauthorized(error);
        return;
      }
      flash.show({ id: 'api-error', variant: 'error', message: errorMessageOrGeneric(error) });
    },
    [flash, onUnauthorized],
  );
  const swrConfig = useMemo(() => ({ ...createSwrConfig(), onError: handleError }), [handleError]);
  return (
    <ErrorHandlerContext value={handleError}>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </ErrorHandlerContext>
  );
}

/** The global handler for failures a screen does not handle itself. */
export function useErrorHandler(): ErrorHandler {
  const handler = use(ErrorHandlerContext);
  if (!handler) throw new Error('useErrorHandler() must be used inside <ApiProvider>.');
  return handler;
}
