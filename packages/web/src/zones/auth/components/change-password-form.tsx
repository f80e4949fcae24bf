import { API_PATHS } from '@klubovna/shared';
import { Alert, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { api } from '../../../api/api.ts';
import { BadRequestError, UnauthorizedError } from '../../../api/api-errors.ts';
import { useErrorHandler } from '../../../api/api-provider.tsx';
import { describeError, errorCode, fieldErrors } from '../../../api/describe-error.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../../ui/busy/use-async-action.ts';
import { useFlash } from '../../../ui/flash/flash-provider.tsx';
import { PasswordField } from '../../../ui/form/password-field.tsx';
import { useFormState } from '../../../ui/form/use-form-state.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { validateNewPassword, validatePasswordRepeat } from './password-strength.ts';

type ChangePasswordValues = { currentPassword: string; password: string; passwordRepeat: string };

const EMPTY: ChangePasswordValues = { currentPassword: '', password: '', passwordRepeat: '' };

/** Changes the signed-in user's own password; the server ends their other sessions. */
export function ChangePasswordForm() {
  const flash = useFlash();
  const handleError = useErrorHandler();
  const form = useFormState<ChangePasswordValues>({
    initialValues: EMPTY,
    validate: {
      currentPassword: (value) => (value ? null : 'Zadejte současné heslo.'),
      password: validateNewPassword,
      passwordRepeat: (value, values) => validatePasswordRepeat(value, values.password),
    },
  });
  const { failure, setFailure } = form;

  const [saving, save] = useAsyncAction(async (values: ChangePasswordValues) => {
    setFailure(null);
    try {
      await api.post(API_PATHS.ownPassword, {
        currentPassword: values.currentPassword,
        newPassword: values.password,
      });
      form.setValues(EMPTY);
      flash.success('Heslo bylo změněno. Přihlášení na ostatních zařízeních jsme ukončili.', {
        id: 'password-changed',
      });
    } catch (error) {
      // An expired session goes to the global handler: sign in, then back here.
      if (error instanceof UnauthorizedError) return handleError(error);
      if (errorCode(error) === 'WRONG_CURRENT_PASSWORD') {
        form.setErrors({ currentPassword: describeError(error) });
        return;
      }
      if (error instanceof BadRequestError) {
        const { newPassword, ...rest } = fieldErrors(error);
        form.setErrors(newPassword ? { ...rest, password: newPassword } : rest);
      }
      setFailure(describeError(error));
    }
  });

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        <PasswordField
          label="Současné heslo"
          autoComplete="current-password"
          required
          withAsterisk={false}
          {...form.field('currentPassword')}
        />
        <NewPasswordFields form={form} />
        <Group justify="flex-end">
          <BusyButton type="submit" busy={saving}>
            Změnit heslo
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
