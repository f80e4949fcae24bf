import type { EntityRecord, FormAction } from '@klubovna/shared';
import { api } from '../../api/api.ts';
import { useErrorHandler } from '../../api/api-provider.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';

/** The declared actions of a saved record as buttons: each posts to its path and shows what it did. */
export function FormActionButtons({ actions, record }: { actions: FormAction[]; record: EntityRecord }) {
  const flash = useFlash();
  const handleError = useErrorHandler();
  const run = async (action: FormAction) => {
    try {
      const done = await api.post<{ message?: string } | null>(
        action.path.replace(':id', String(record.id)),
        {},
      );
      flash.show({ message: done?.message ?? `Hotovo: ${action.label}.` });
    } catch (error) {
      handleError(error);
    }
  };
  return actions.map((action) => (
    <BusyButton key={action.name} variant="light" onClick={() => run(action)}>
      {action.label}
    </BusyButton>
  ));
}
