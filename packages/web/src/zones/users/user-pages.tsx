import { API_PATHS, apiPath, type CmsUser, can } from '@klubovna/shared';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { describeError } from '../../api/describe-error.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { UserForm } from './user-form.tsx';
import { fullName, mayChange, userUrl } from './users-api.ts';

const back = () => ({ label: 'Uživatelé', to: appPath('users.list') });

/** A new user with a password. */
export function UserCreatePage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Nový uživatel" back={back()} />
      <UserForm mode="create" />
    </Stack>
  );
}

/** A new user without a password, who gets an e-mail with a link to set one. */
export function UserInvitePage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Pozvat uživatele" back={back()} />
      <Text c="dimmed" maw={720}>
        Uživatel dostane e-mail s odkazem, kterým si nastaví heslo. Odkaz platí 7 dní a jen jednou; pozvánku
        lze ze seznamu poslat znovu (starší odkaz tím přestane platit).
      </Text>
      <UserForm mode="invite" />
    </Stack>
  );
}

/** An existing user, `?id=`. */
export function UserEditPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id') ?? '';
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
  const { data: user, error, mutate } = useSWR<CmsUser>(id === null ? null : userUrl(id));
  return (
    <Stack gap="lg">
      <PageHeader title={user ? `Úprava uživatele ${fullName(user)}` : 'Úprava uživatele'} back={back()} />
      {id === null ? (
        <Alert color="red">Adresa neobsahuje platné číslo uživatele.</Alert>
      ) : error ? (
        <Alert color="red" title="Uživatele se nepodařilo načíst">
          {describeError(error)}
        </Alert>
      ) : user ? (
        <>
          <UserForm key={user.id} mode="edit" user={user} />
          <TwoFactorReset user={user} onReset={() => void mutate()} />
        </>
      ) : (
        <Skeleton h={280} maw={880} />
      )}
    </Stack>
  );
}

/** Another user's two-factor sign-in, which an admin turns off when they lost their phone and codes. */
function TwoFactorReset({ user, onReset }: { user: CmsUser; onReset: () => void }) {
  const { user: me, roles } = useCurrentUser();
  const confirm = useConfirm();
  const reported = useReported();
  if (
    !user.twoFactor ||
    user.id === me?.id ||
    !mayChange(user, can(roles, 'users', 'write'), can(roles, 'rootUsers', 'write'))
  )
    return null;
  const reset = () =>
    confirm({
      title: 'Vypnout dvoufázové přihlášení?',
      message: `${fullName(user)} se pak přihlásí jen heslem a jeho otevřená přihlášení skončí. Zapnout si ho může znovu v profilu.`,
      confirmLabel: 'Vypnout',
      danger: true,
      onConfirm: () =>
        reported(
          async () => {
            await api.post(apiPath(API_PATHS.userTwoFactorReset, { userId: user.id }));
            onReset();
          },
          `Dvoufázové přihlášení uživatele ${fullName(user)} je vypnuté.`,
        ),
    });
  return (
    <Paper withBorder p="md" radius="md" maw={880}>
      <Group justify="space-between" gap="sm">
        <Text>Uživatel se přihlašuje dvoufázově (heslem a kódem z aplikace).</Text>
        <Button variant="default" onClick={reset}>
          Vypnout dvoufázové přihlášení
        </Button>
      </Group>
    </Paper>
  );
}
