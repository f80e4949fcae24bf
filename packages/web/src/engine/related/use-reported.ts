import { useCallback } from 'react';
import { errorMessageOrGeneric } from '../../api/error-message.ts';
import { useFlash } from '../../ui/flash/flash-provider.tsx';

/**
 * Runs a change a panel makes beside a form: a success message when it works, the server's Czech
 * refusal as an error message when it does not. Resolves to whether it worked.
 */
export function useReported() {
  const flash = useFlash();
  return useCallback(
    async (work: () => Promise<unknown>, success?: string): Promise<boolean> => {
      try {
        await work();
        if (success) flash.show({ message: success });
        return true;
      } catch (error) {
        flash.show({ variant: 'error', message: errorMessageOrGeneric(error) });
        return false;
      }
    },
    [flash],
  );
}
