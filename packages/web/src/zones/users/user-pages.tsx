import { API_PATHS, apiPath, type CmsUser, can, type EntityRecord } from '@klubovna/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../api/api.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { UserForm } from './user-form.tsx';
import { fullName, mayChange } from './users-api.ts';

const back = () => ({ label: 'Uživatelé', to: appPath('user.list') });

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

/** An existing user, `?id=`: the engine's form under the role rules, then the account's password and two factors. */
export function UserEditPage() {
  return (
    <EntityFormPage
      alias="user"
      createTitle="Nový uživatel"
      editTitle="Úprava uživatele"
      related={(record) => <AccountPanel user={record as UserRecord} />}
    />
  );
}

type UserRecord = EntityRecord & Pick<CmsUser, 'email' | 'firstName' | 'lastName' | 'roles'>;

/**
 * Another user's password, which an admin sets anew, and their two-factor sign-in, which an admin
 * turns off when they lost their phone and codes. Nothing for one's own account (that is the profile).
 */
function AccountPanel({ user }: { user: UserRecord }) {
  const [twoFactorOff, setTwoFactorOff] = useState(!user.twoFactorSince);
  const { user: me, roles } = useCurrentUser();
  const confirm = useConfirm();
  const reported = useReported();
  if (user.id === me?.id || !mayChange(user, can(roles, 'users', 'write'), can(roles, 'rootUsers', 'write')))
    return null;
  const resetTwoFactor = () =>
    confirm({
      title: `Vypnout dvoufázové přihlášení uživatele ${fullName(user)}?`,
      message:
        'Pak se přihlásí jen heslem a otevřená přihlášení účtu skončí. Znovu si dvoufázové přihlášení může zapnout v profilu.',
      confirmLabel: 'Vypnout',
      danger: true,
      onConfirm: () =>
        reported(
          async () => {
            await api.post(apiPath(API_PATHS.userTwoFactorReset, { id: user.id }));
            setTwoFactorOff(true);
          },
          `Dvoufázové přihlášení uživatele ${fullName(user)} je vypnuté.`,
        ),
    });
  return (
    <Paper withBorder p="md" radius="md" maw={880}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text>Nové heslo ukončí všechna přihlášení uživatele.</Text>
          <Button variant="default" component={Link} to={appPath('users.changePassword', { id: user.id })}>
            Nastavit heslo
          </Button>
        </Group>
        {!twoFactorOff && (
          <Group justify="space-between" gap="sm">
            <Text>Uživatel se přihlašuje dvoufázově (heslem a kódem z aplikace).</Text>
            <Button variant="default" onClick={resetTwoFactor}>
              Vypnout dvoufázové přihlášení
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
