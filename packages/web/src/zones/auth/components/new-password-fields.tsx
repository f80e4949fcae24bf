import { Stack } from '@mantine/core';
import { PasswordField } from '../../../ui/form/password-field.tsx';
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
        <PasswordField
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
      <PasswordField
        label="Nové heslo znovu"
        autoComplete="new-password"
        required
        withAsterisk={false}
        {...form.field('passwordRepeat')}
      />
    </Stack>
  );
}
