import { Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback } from 'react';
import { BusyButton } from '../busy/busy-button.tsx';
import { useModal } from '../modal/modal-provider.tsx';

export interface ConfirmOptions {
  /** Heading; `Potvrzení` by default. */
  title?: ReactNode;
  /** The question. */
  message: ReactNode;
  /** `Potvrdit` by default. */
  confirmLabel?: string;
  /** `Zrušit` by default. */
  cancelLabel?: string;
  /** Red confirm button and accent; `false` by default. */
  danger?: boolean;
  /** Runs on confirmation while the dialog shows the button busy; a failure keeps the dialog open. */
  onConfirm?: () => unknown;
}

/** Opens a confirm dialog; resolves true when confirmed, false when cancelled or dismissed. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const modal = useModal();
  return useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        let answered = false;
        const answer = (value: boolean) => {
          if (answered) return;
          answered = true;
          resolve(value);
        };
        modal.open({
          title: options.title ?? 'Potvrzení',
          variant: options.danger ? 'danger' : 'default',
          onClose: () => answer(false),
          content: ({ close }) => (
            <Stack gap="lg">
              {typeof options.message === 'string' ? <Text>{options.message}</Text> : options.message}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  {options.cancelLabel ?? 'Zrušit'}
                </Button>
                <BusyButton
                  color={options.danger ? 'red' : undefined}
                  data-autofocus
                  onClick={async () => {
                    try {
                      await options.onConfirm?.();
                    } catch {
                      return; // The action's own error handling has informed the user.
                    }
                    answer(true);
                    close();
                  }}
                >
                  {options.confirmLabel ?? 'Potvrdit'}
                </BusyButton>
              </Group>
            </Stack>
          ),
        });
      }),
    [modal],
  );
}

/**
 * The dialog shown before every delete, asking `Smazat <what>?`: `what` is the object of the verb, the
 * entity's noun declined and any name as it is (`člena Jan Čermák`, `3 členy`).
 */
export function useConfirmDelete(): (what: string, onConfirm?: () => unknown) => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback(
    (what: string, onConfirm?: () => unknown) =>
      confirm({
        title: `Smazat ${what}?`,
        message: 'Smazání půjde vrátit v koši.',
        confirmLabel: 'Smazat',
        danger: true,
        onConfirm,
      }),
    [confirm],
  );
}
