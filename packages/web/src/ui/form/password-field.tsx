import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * Mantine's PasswordInput does not mark its input invalid nor link it to the error text; this one
 * does, so screen readers announce the error with the field.
 */
export function PasswordField({ id, error, 'aria-describedby': describedBy, ...others }: PasswordInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <PasswordInput
      {...others}
      id={inputId}
      error={error}
      aria-invalid={error ? true : undefined}
      aria-describedby={[errorId, describedBy].filter(Boolean).join(' ') || undefined}
    />
  );
}
