import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import { useBusyClick } from './use-busy-click.ts';

export interface BusyButtonProps
  extends ButtonProps,
    Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'onClick' | 'type'> {
  /** May return a promise; the button is busy until it settles. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
  /** Busy from outside, e.g. while the surrounding form submits. */
  busy?: boolean;
  type?: 'button' | 'submit' | 'reset';
}

/**
 * A Mantine button that shows a loader while its async click handler runs. It stays focusable while
 * busy (aria-disabled rather than disabled) so keyboard users do not lose their place.
 */
export function BusyButton({
  onClick,
  busy,
  disabled,
  type = 'button',
  leftSection,
  children,
  ...others
}: BusyButtonProps) {
  const click = useBusyClick(onClick, { busy, disabled, type });
  return (
    <Button
      {...others}
      type={type}
      disabled={disabled}
      aria-disabled={click.blocked || undefined}
      aria-busy={click.busy || undefined}
      data-busy={click.busy || undefined}
      leftSection={click.busy ? <Loader size={14} color="currentColor" aria-hidden /> : leftSection}
      onClick={click.onClick}
    >
      {children}
    </Button>
  );
}
