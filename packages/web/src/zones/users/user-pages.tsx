import type { CmsUser } from '@klubovna/shared';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { describeError } from '../../api/describe-error.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { UserForm } from './user-form.tsx';
import { fullName, userUrl } from './users-api.ts';

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
  const { data: user, error } = useSWR<CmsUser>(id === null ? null : userUrl(id));
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
        <UserForm key={user.id} mode="edit" user={user} />
      ) : (
        <Skeleton h={280} maw={880} />
      )}
    </Stack>
  );
}
