import { API_PATHS, type UserDto } from '@klubovna/shared';
import { Alert, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSWRConfig } from 'swr';
import { api } from '../../../api/api.ts';
import { UnauthorizedError } from '../../../api/api-errors.ts';
import { useErrorHandler } from '../../../api/api-provider.tsx';
import { CURRENT_USER_KEY } from '../../../api/use-current-user.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../../ui/busy/use-async-action.ts';
import { useFlash } from '../../../ui/flash/flash-provider.tsx';
import { useFormState } from '../../../ui/form/use-form-state.ts';
import { validateEmail } from './email.ts';

export const OWN_PROFILE_KEY = API_PATHS.ownProfile;

type ProfileValues = { firstName: string; lastName: string; email: string };

type VersionedUser = UserDto & { version?: number; pendingEmail?: string };

/** The signed-in user's name and e-mail. */
export function ProfileDetailsForm({ user }: { user: VersionedUser }) {
  const flash = useFlash();
  const handleError = useErrorHandler();
  const { mutate } = useSWRConfig();
  const form = useFormState<ProfileValues>({
    initialValues: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    validate: {
      firstName: (value) => (value.trim().length > 100 ? 'Jméno může mít nejvýše 100 znaků.' : null),
      lastName: (value) => (value.trim().length > 100 ? 'Příjmení může mít nejvýše 100 znaků.' : null),
      email: validateEmail,
    },
  });
  const { failure, setFailure } = form;

  const [saving, save] = useAsyncAction(async (values: ProfileValues) => {
    setFailure(null);
    try {
      const saved = await api.put<VersionedUser>(OWN_PROFILE_KEY, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        ...(user.version === undefined ? {} : { version: user.version }),
      });
      await mutate(OWN_PROFILE_KEY, saved, { revalidate: false });
      await mutate(CURRENT_USER_KEY, saved, { revalidate: false });
      form.setValues({ firstName: saved.firstName, lastName: saved.lastName, email: saved.email });
      if (saved.pendingEmail)
        flash.success(
          `Profil byl uložen. Na ${saved.pendingEmail} jsme poslali odkaz; e-mail se změní, až ho tam potvrdíte.`,
          // What to do next stays on screen until read, not five seconds.
          { id: 'profile-saved', autoDismiss: false },
        );
      else flash.success('Profil byl uložen.', { id: 'profile-saved' });
    } catch (error) {
      if (error instanceof UnauthorizedError) return handleError(error);
      form.reportFailure(error);
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
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Jméno" autoComplete="given-name" {...form.field('firstName')} />
          <TextInput label="Příjmení" autoComplete="family-name" {...form.field('lastName')} />
        </SimpleGrid>
        <TextInput
          label="E-mail"
          description="Slouží k přihlášení a k obnově zapomenutého hesla. Nový e-mail platí, až ho potvrdíte odkazem, který na něj pošleme."
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <Group justify="flex-end">
          <BusyButton type="submit" busy={saving}>
            Uložit údaje
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
