import { Notification } from '@mantine/core';
import { useEffect } from 'react';
import classes from './flash.module.css';
import { FLASH_LIFETIME_MS, type FlashMessage, type FlashVariant } from './flash.types.ts';
import { FLASH_ICONS } from './flash-icons.tsx';

const COLORS: Record<FlashVariant, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};

interface FlashItemProps {
  flash: FlashMessage;
  onDismiss: (id: string) => void;
}

export function FlashItem({ flash, onDismiss }: FlashItemProps) {
  const { id, autoDismiss, revision, variant } = flash;

  useEffect(() => {
    if (!autoDismiss) return;
    // `revision` restarts the lifetime when a message with the same id replaces this one.
    void revision;
    const timer = window.setTimeout(() => onDismiss(id), FLASH_LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [id, autoDismiss, revision, onDismiss]);

  const Icon = FLASH_ICONS[variant];
  return (
    <Notification
      className={classes.item}
      data-flash-id={id}
      data-variant={variant}
      data-auto-dismiss={autoDismiss}
      role={variant === 'error' || variant === 'warning' ? 'alert' : 'status'}
      color={COLORS[variant]}
      icon={<Icon size={18} aria-hidden />}
      title={flash.title}
      withBorder
      closeButtonProps={{ 'aria-label': 'Zavřít oznámení' }}
      onClose={() => onDismiss(id)}
      onClick={() => onDismiss(id)}
    >
      {flash.message}
    </Notification>
  );
}
