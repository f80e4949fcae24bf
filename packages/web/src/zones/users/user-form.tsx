import { API_PATHS, type CmsUser, can, ROLE_LABELS, ROLES, type Role } from '@klubovna/shared';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../api/api.ts';
import { BadRequestError } from '../../api/api-errors.ts';
import { describeError, fieldErrors } from '../../api/describe-error.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../ui/busy/use-async-action.ts';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { PasswordField } from '../../ui/form/password-field.tsx';
import { useFormState } from '../../ui/form/use-form-state.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link, useNavigate } from '../../ui/routing/router.tsx';
import { fullName } from './users-api.ts';

export type UserFormMode = 'create' | 'invite';

type TextValues = { firstName: string; lastName: string; email: string; password: string };

const required = (message: string) => (value: string) => (value.trim() ? null : message);

/**
 * A new CMS user's names, e-mail, roles and active flag: `create` with the first password, `invite`
 * mailing a link to set one instead. An existing user is edited in the engine's form.
 */
export function UserForm({ mode }: { mode: UserFormMode }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const { roles: myRoles } = useCurrentUser();
  const manageRoots = can(myRoles, 'rootUsers', 'write');
  // No role is given without a choice: whoever is invited or created gets what the admin ticks.
  const [roles, setRoles] = useState<Role[]>([]);
  const [rolesError, setRolesError] = useState<string | undefined>();
  const [active, setActive] = useState(true);
  const form = useFormState<TextValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
    },
    validate: {
      firstName: required('Vyplňte jméno.'),
      lastName: required('Vyplňte příjmení.'),
      email: required('Vyplňte e-mail.'),
      password: mode === 'create' ? required('Zadejte heslo.') : undefined,
    },
  });
  const { failure, setFailure } = form;

  const [saving, save] = useAsyncAction(async (values: TextValues) => {
    setFailure(null);
    if (roles.length === 0) {
      setRolesError('Vyberte aspoň jednu roli.');
      return;
    }
    const fields = { firstName: values.firstName, lastName: values.lastName, email: values.email, roles };
    try {
      if (mode === 'create') {
        const saved = await api.post<CmsUser>(API_PATHS.createUser, {
          ...fields,
          active,
          password: values.password,
        });
        flash.success(`Uživatel ${fullName(saved)} je založen.`);
        navigate(appPath('user.list'));
      } else {
        const result = await api.post<{ user: CmsUser; invitationSent: boolean }>(
          API_PATHS.createInvitedUser,
          fields,
        );
        if (result.invitationSent) flash.success(`Pozvánka odeslána na ${result.user.email}.`);
        else
          flash.error(
            'Uživatel je založen, ale pozvánku se nepodařilo odeslat. Pošlete ji znovu ze seznamu uživatelů.',
          );
        navigate(appPath('user.list'));
      }
    } catch (error) {
      if (error instanceof BadRequestError) {
        const { roles: rolesMessage, ...rest } = fieldErrors(error);
        setRolesError(rolesMessage);
        form.setErrors(rest);
      }
      setFailure(describeError(error));
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={880}>
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Jméno"
              required
              autoComplete="off"
              maxLength={100}
              {...form.field('firstName')}
            />
            <TextInput
              label="Příjmení"
              required
              autoComplete="off"
              maxLength={100}
              {...form.field('lastName')}
            />
            <TextInput
              label="E-mail"
              type="email"
              required
              autoComplete="off"
              maxLength={254}
              {...form.field('email')}
            />
            {mode === 'create' && (
              <PasswordField
                label="Heslo"
                required
                autoComplete="new-password"
                description="Aspoň 8 znaků; běžná uniklá hesla server odmítne."
                {...form.field('password')}
              />
            )}
          </SimpleGrid>
          <Checkbox.Group
            label="Role"
            required
            value={roles}
            onChange={(value) => {
              setRoles(value as Role[]);
              setRolesError(undefined);
            }}
            error={rolesError}
          >
            <Group gap="lg" mt="xs">
              {ROLES.map((role) => (
                <Checkbox
                  key={role}
                  value={role}
                  label={ROLE_LABELS[role]}
                  disabled={role === 'ROLE_ROOT' && !manageRoots}
                />
              ))}
            </Group>
          </Checkbox.Group>
          {mode !== 'invite' && (
            <Switch
              label="Aktivní (smí se přihlásit)"
              checked={active}
              onChange={(event) => setActive(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={appPath('user.list')}>
              Zpět na seznam
            </Button>
            <BusyButton type="submit" busy={saving}>
              {mode === 'invite' ? 'Poslat pozvánku' : 'Založit uživatele'}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
