import { PasswordInput, Stack } from '@mantine/core';
import type { FormState } from '../../../ui/form/use-form-state.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

type NewPasswordValues = { password: string; passwordRepeat: string };

/** New password with a strength hint, and its repetition. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  autoFocus,
}: {
  form: FormState<T>;
  autoFocus?: boolean;
}) {
  return (
    <Stack gap="md">
      <div>
        <PasswordInput
          label="Nové heslo"
          autoComplete="new-password"
          required
          withAsterisk={false}
          autoFocus={autoFocus}
          aria-describedby="new-password-strength"
          {...form.field('password')}
        />
        <PasswordStrengthMeter id="new-password-strength" password={form.values.password} />
      </div>
      <PasswordInput
        label="Nové heslo znovu"
        autoComplete="new-password"
        required
        withAsterisk={false}
        {...form.field('passwordRepeat')}
      />
    </Stack>
  );
}
