import { API_PATHS, apiPath, can, type EntityRecord } from '@klubovna/shared';
import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import useSWR from 'swr';
import { api } from '../../../api/api.ts';
import { describeError } from '../../../api/describe-error.ts';
import { useCurrentUser } from '../../../api/use-current-user.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../../ui/busy/use-async-action.ts';
import { useFlash } from '../../../ui/flash/flash-provider.tsx';
import { useFormState } from '../../../ui/form/use-form-state.ts';
import { appPath } from '../../../ui/navigation/app-path.ts';
import { useNavigate, useSearchParams } from '../../../ui/routing/router.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { validateNewPassword, validatePasswordRepeat } from '../components/password-strength.ts';

/** Your own password (with the current one); with `?id=` an admin sets another user's. */
export function UserPasswordPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const { user: me } = useCurrentUser();
  const id = rawId !== null && /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
  const own = rawId === null || (me !== undefined && id === me.id);
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1} size="h2">
        Změna hesla
      </Title>
      {own ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed" mb="md">
            Změna vašeho vlastního hesla. Přihlášení na ostatních zařízeních skončí.
          </Text>
          <ChangePasswordForm />
        </Paper>
      ) : id === null ? (
        <Alert color="red">Adresa neobsahuje platné číslo uživatele.</Alert>
      ) : (
        <OtherUserPassword id={id} />
      )}
    </Stack>
  );
}

type Values = { password: string; passwordRepeat: string };

function OtherUserPassword({ id }: { id: number }) {
  const { roles } = useCurrentUser();
  const allowed = can(roles, 'users', 'write');
  const { data: user, error } = useSWR<EntityRecord & { firstName: string; lastName: string; email: string }>(
    allowed ? apiPath(API_PATHS.form, { alias: 'user', id }) : null,
  );
  const navigate = useNavigate();
  const flash = useFlash();
  const form = useFormState<Values>({
    initialValues: { password: '', passwordRepeat: '' },
    validate: {
      password: validateNewPassword,
      passwordRepeat: (value, values) => validatePasswordRepeat(value, values.password),
    },
  });
  const { failure, setFailure } = form;
  const [saving, save] = useAsyncAction(async (values: Values) => {
    setFailure(null);
    try {
      await api.post(apiPath(API_PATHS.userPassword, { userId: id }), { password: values.password });
      flash.success(`Heslo uživatele ${user?.email ?? ''} je nastaveno; jeho přihlášení skončila.`);
      navigate(appPath('user.edit', { id }));
    } catch (failed) {
      form.reportFailure(failed);
    }
  });

  if (!allowed) return <Alert color="red">Heslo jiného uživatele smí nastavit jen správce.</Alert>;
  if (error)
    return (
      <Alert color="red" title="Uživatele se nepodařilo načíst">
        {describeError(error)}
      </Alert>
    );
  if (!user) return <Skeleton h={220} />;
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="md">
          <Text>
            Nové heslo pro uživatele{' '}
            <Text span fw={600}>
              {user.firstName} {user.lastName} ({user.email})
            </Text>
            . Jeho otevřená přihlášení skončí.
          </Text>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          <NewPasswordFields form={form} />
          <Group justify="flex-end">
            <BusyButton type="submit" busy={saving}>
              Nastavit heslo
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
