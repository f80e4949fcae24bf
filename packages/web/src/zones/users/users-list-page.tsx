import {
  API_PATHS,
  apiPath,
  type CmsUser,
  type CmsUserPage,
  can,
  INVITATION_STATE_LABELS,
  ROLE_LABELS,
  ROLES,
} from '@klubovna/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailForward, IconPlus, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { describeError } from '../../api/describe-error.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { formatDateTime } from '../../ui/format/date-format.ts';
import { czechPlural } from '../../ui/format/plural.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { SecurityPolicySwitch } from './security-policy-switch.tsx';
import { fullName, INVITATION_COLORS, mayChange, STATE_COLORS } from './users-api.ts';

const PAGE_SIZE = 25;
const FILTERS = ['role', 'active', 'invitation'] as const;
const usersCount = (count: number) =>
  `${count} ${czechPlural(count, ['uživatel', 'uživatelé', 'uživatelů'])}`;

/** CMS users by surname: search, filters by role, state and invitation; activation and invitations. */
export function UsersListPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('s') ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setParam = (name: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text moves the address
  useEffect(() => {
    if ((params.get('s') ?? '') !== debounced) setParam('s', debounced || null);
  }, [debounced]);
  const query = {
    s: params.get('s') || undefined,
    ...Object.fromEntries(FILTERS.map((name) => [name, params.get(name) || undefined])),
    page,
    limit: PAGE_SIZE,
  };
  const list = useSWR<CmsUserPage>([API_PATHS.users, query]);
  const { user: me, roles } = useCurrentUser();
  const manageUsers = can(roles, 'users', 'write');
  const manageRoots = can(roles, 'rootUsers', 'write');
  const reported = useReported();
  const confirm = useConfirm();

  const toggle = (user: CmsUser) => {
    const run = () =>
      reported(
        async () => {
          await api.post(apiPath(API_PATHS.changeUserActive, { userId: user.id }));
          await list.mutate();
        },
        user.active ? `Uživatel ${fullName(user)} je deaktivován.` : `Uživatel ${fullName(user)} je aktivní.`,
      );
    if (!user.active) return run();
    return confirm({
      title: 'Deaktivovat uživatele?',
      message: `${fullName(user)} se už nepřihlásí a jeho otevřená přihlášení skončí hned.`,
      confirmLabel: 'Deaktivovat',
      danger: true,
      onConfirm: run,
    });
  };
  const reinvite = (user: CmsUser) =>
    reported(async () => {
      await api.post(apiPath(API_PATHS.inviteUser, { userId: user.id }));
      await list.mutate();
    }, `Pozvánka odeslána znovu na ${user.email}. Starší odkaz už neplatí.`);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Uživatelé"
        actions={
          manageUsers && (
            <Group gap="sm">
              <Button component={Link} to={appPath('users.invite')} leftSection={<IconUserPlus size={18} />}>
                Pozvat uživatele
              </Button>
              <Button
                component={Link}
                to={appPath('users.create')}
                variant="default"
                leftSection={<IconPlus size={18} />}
              >
                Nový uživatel
              </Button>
            </Group>
          )
        }
      />
      <SecurityPolicySwitch />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Hledat"
          placeholder="Jméno nebo e-mail"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label="Role"
          placeholder="Všechny"
          clearable
          data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          value={params.get('role')}
          onChange={(value) => setParam('role', value)}
          w={{ base: '100%', sm: 180 }}
        />
        <Select
          label="Stav"
          placeholder="Všichni"
          clearable
          data={[
            { value: 'true', label: 'Aktivní' },
            { value: 'false', label: 'Neaktivní' },
          ]}
          value={params.get('active')}
          onChange={(value) => setParam('active', value)}
          w={{ base: '100%', sm: 160 }}
        />
        <Select
          label="Pozvánka"
          placeholder="Všechny"
          clearable
          data={(['pending', 'expired', 'none'] as const).map((state) => ({
            value: state,
            label: INVITATION_STATE_LABELS[state],
          }))}
          value={params.get('invitation')}
          onChange={(value) => setParam('invitation', value)}
          w={{ base: '100%', sm: 180 }}
        />
      </Group>
      {list.error ? (
        <Alert color="red" title="Uživatele se nepodařilo načíst">
          {describeError(list.error)}
        </Alert>
      ) : !list.data ? (
        <Skeleton h={240} />
      ) : list.data.total === 0 ? (
        <Text c="dimmed">Žádný uživatel neodpovídá hledání.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {usersCount(list.data.total)}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Uživatelé">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Jméno</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Stav</Table.Th>
                  <Table.Th>Poslední přihlášení</Table.Th>
                  <Table.Th>Pozvánka</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Akce</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((user) => {
                  const changeable = mayChange(user, manageUsers, manageRoots);
                  return (
                    <Table.Tr key={user.id}>
                      <Table.Td>
                        {changeable ? (
                          <Anchor component={Link} to={appPath('users.edit', { id: user.id })}>
                            {fullName(user)}
                          </Anchor>
                        ) : (
                          fullName(user)
                        )}
                      </Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {user.roles.map((role) => (
                            <Badge key={role} color={STATE_COLORS.role} variant="filled">
                              {ROLE_LABELS[role]}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          color={user.active ? STATE_COLORS.active : STATE_COLORS.inactive}
                          variant="filled"
                        >
                          {user.active ? 'Aktivní' : 'Neaktivní'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'nikdy'}</Table.Td>
                      <Table.Td>
                        <Badge color={INVITATION_COLORS[user.invitation]} variant="filled">
                          {INVITATION_STATE_LABELS[user.invitation]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {changeable && (
                          <Group gap={6} wrap="nowrap" justify="flex-end">
                            {user.invitation !== 'none' && (
                              <BusyButton
                                size="xs"
                                variant="light"
                                leftSection={<IconMailForward size={16} />}
                                aria-label={`Poslat pozvánku znovu: ${user.email}`}
                                onClick={() => reinvite(user)}
                              >
                                Poslat pozvánku znovu
                              </BusyButton>
                            )}
                            {user.id !== me?.id && (
                              <BusyButton
                                size="xs"
                                variant={user.active ? 'default' : 'light'}
                                aria-label={`${user.active ? 'Deaktivovat' : 'Aktivovat'} ${user.email}`}
                                onClick={() => toggle(user)}
                              >
                                {user.active ? 'Deaktivovat' : 'Aktivovat'}
                              </BusyButton>
                            )}
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data.total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(list.data.total / PAGE_SIZE)}
              value={page}
              onChange={(next) => setParam('page', String(next))}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Předchozí stránka' : 'Další stránka',
              })}
              getItemProps={(item) => ({ 'aria-label': `Stránka ${item}` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
