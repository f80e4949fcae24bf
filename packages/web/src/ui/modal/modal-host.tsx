import { Modal } from '@mantine/core';
import { useEffect } from 'react';
import type { ModalEntry } from './modal.types.ts';
import { lockPageScroll } from './scroll-lock.ts';

interface ModalHostProps {
  modals: readonly ModalEntry[];
  onClose: (id: string) => void;
  onExited: (id: string) => void;
}

const SIZES = { default: 'md', danger: 'md', wide: 'xl', fullscreen: '100%' } as const;

/** Renders the open modals; Escape and scroll locking are handled here so stacked modals behave. */
export function ModalHost({ modals, onClose, onExited }: ModalHostProps) {
  const open = modals.filter((modal) => modal.opened);
  const topmost = open.at(-1)?.id;
  const anyOpen = open.length > 0;

  useEffect(() => (anyOpen ? lockPageScroll() : undefined), [anyOpen]);

  useEffect(() => {
    if (!topmost) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
      // A combobox or menu inside the modal closes itself first.
      if ((event.target as HTMLElement | null)?.getAttribute?.('data-mantine-stop-propagation') === 'true')
        return;
      event.preventDefault();
      onClose(topmost);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [topmost, onClose]);

  return modals.map((modal, index) => (
    <Modal
      key={modal.id}
      opened={modal.opened}
      onClose={() => onClose(modal.id)}
      onExitTransitionEnd={() => onExited(modal.id)}
      title={modal.title}
      size={SIZES[modal.variant]}
      fullScreen={modal.variant === 'fullscreen'}
      centered
      closeOnEscape={false}
      closeOnClickOutside={!modal.disableBackdropClose}
      lockScroll={false}
      zIndex={300 + index * 2}
      classNames={{ content: modal.className }}
      data-variant={modal.variant}
      data-modal-id={modal.id}
      closeButtonProps={{ 'aria-label': 'Zavřít' }}
      styles={
        modal.variant === 'danger'
          ? { header: { borderTop: '4px solid var(--mantine-color-red-filled)' } }
          : undefined
      }
    >
      {typeof modal.content === 'function'
        ? modal.content({ close: () => onClose(modal.id) })
        : modal.content}
    </Modal>
  ));
}
