import { API_PATHS, apiPath, can, type EntityRecord, type Role } from '@klubovna/shared';
import { ActionIcon, Button, Group, Stack } from '@mantine/core';
import { IconMailForward, IconPlus, IconUserCheck, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import { api } from '../../api/api.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { DataGrid } from '../../engine/datagrid/data-grid.tsx';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { HoverTooltip } from '../../ui/hover-tooltip.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { SecurityPolicySwitch } from './security-policy-switch.tsx';
import { fullName, mayChange } from './users-api.ts';

/** A user as a datagrid row has it. */
type UserRow = EntityRecord & {
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  active: boolean;
  invitation: 'none' | 'pending' | 'expired';
};

/**
 * CMS users in the engine's datagrid (search, filters by role, state and invitation, columns, export),
 * with each row's activation and a repeated invitation.
 */
export function UsersListPage() {
  const { roles } = useCurrentUser();
  const manageUsers = can(roles, 'users', 'write');
  const rowActions = useUserRowActions();
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
                to={appPath('user.create')}
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
      <DataGrid name="user" extraActions={manageUsers ? rowActions : undefined} />
    </Stack>
  );
}

function useUserRowActions() {
  const { user: me, roles } = useCurrentUser();
  const manageRoots = can(roles, 'rootUsers', 'write');
  const reported = useReported();
  const confirm = useConfirm();

  const toggle = (user: UserRow, reload: () => Promise<unknown>) => {
    const run = () =>
      reported(
        async () => {
          await api.post(apiPath(API_PATHS.changeUserActive, { id: user.id }));
          await reload();
        },
        user.active ? `Uživatel ${fullName(user)} je deaktivován.` : `Uživatel ${fullName(user)} je aktivní.`,
      );
    if (!user.active) return run();
    return confirm({
      title: `Deaktivovat uživatele ${fullName(user)}?`,
      message: 'Už se nepřihlásí a otevřená přihlášení účtu skončí hned.',
      confirmLabel: 'Deaktivovat',
      danger: true,
      onConfirm: run,
    });
  };
  const reinvite = (user: UserRow, reload: () => Promise<unknown>) =>
    reported(async () => {
      await api.post(apiPath(API_PATHS.inviteUser, { userId: user.id }));
      await reload();
    }, `Pozvánka odeslána znovu na ${user.email}. Starší odkaz už neplatí.`);

  return (record: EntityRecord, reload: () => Promise<unknown>) => {
    const user = record as UserRow;
    if (!mayChange(user, true, manageRoots)) return null;
    const toggleLabel = `${user.active ? 'Deaktivovat' : 'Aktivovat'} uživatele ${user.email}`;
    return (
      <>
        {user.invitation !== 'none' && (
          <HoverTooltip label="Poslat pozvánku znovu">
            <ActionIcon
              variant="subtle"
              aria-label={`Poslat pozvánku znovu uživateli ${user.email}`}
              onClick={() => void reinvite(user, reload)}
            >
              <IconMailForward size={18} />
            </ActionIcon>
          </HoverTooltip>
        )}
        {user.id !== me?.id && (
          <HoverTooltip label={user.active ? 'Deaktivovat' : 'Aktivovat'}>
            <ActionIcon
              variant="subtle"
              color={user.active ? 'gray' : 'green'}
              aria-label={toggleLabel}
              onClick={() => void toggle(user, reload)}
            >
              {user.active ? <IconUserOff size={18} /> : <IconUserCheck size={18} />}
            </ActionIcon>
          </HoverTooltip>
        )}
      </>
    );
  };
}
