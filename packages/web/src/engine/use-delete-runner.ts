import { useCallback } from 'react';
import { useErrorHandler } from '../api/api-provider.tsx';
import { useFlash } from '../ui/flash/flash-provider.tsx';
import { conflictMessage } from './engine-api.ts';

/**
 * Runs a delete. A refusal because other records use the record (409) stays on screen until read;
 * other failures go to the global handler. It rethrows, so the confirm dialog stays open.
 */
export function useDeleteRunner(): (work: () => Promise<unknown>) => Promise<void> {
  const flash = useFlash();
  const handleError = useErrorHandler();
  return useCallback(
    async (work) => {
      try {
        await work();
      } catch (error) {
        const message = conflictMessage(error);
        if (message) flash.show({ variant: 'error', message, id: 'delete-refused', autoDismiss: false });
        else handleError(error);
        throw error;
      }
    },
    [flash, handleError],
  );
}
