import { ROLE_LABELS, type UserDto } from '@klubovna/shared';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import useSWR from 'swr';
import { UnauthorizedError } from '../../../api/api-errors.ts';
import { useErrorHandler } from '../../../api/api-provider.tsx';
import { describeError } from '../../../api/describe-error.ts';
import { useLocation } from '../../../ui/routing/router.tsx';
import { AccountActivityPanel } from '../components/account-activity-panel.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { CHANGE_PASSWORD_ANCHOR } from '../components/profile-anchors.ts';
import { OWN_PROFILE_KEY, ProfileDetailsForm } from '../components/profile-details-form.tsx';
import { ReminderSettingsPanel } from '../components/reminder-settings-panel.tsx';
import { TwoFactorPanel } from '../components/two-factor-panel.tsx';

export function ProfilePage() {
  const handleError = useErrorHandler();
  // Failures show inline with a retry; only an expired session goes to the global handler.
  const {
    data: user,
    error,
    mutate,
  } = useSWR<UserDto>(OWN_PROFILE_KEY, {
    onError: (failure) => {
      if (failure instanceof UnauthorizedError) handleError(failure);
    },
  });
  const { hash } = useLocation();

  useEffect(() => {
    if (hash !== `#${CHANGE_PASSWORD_ANCHOR}`) return;
    const section = document.getElementById(CHANGE_PASSWORD_ANCHOR);
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLInputElement>('input')?.focus();
  }, [hash]);

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1}>Můj profil</Title>
        <Text c="dimmed" mt={4}>
          Vaše jméno, e-mail pro přihlášení, heslo, upozornění e-mailem a zařízení, na kterých jste
          přihlášeni.
        </Text>
      </div>
      {user && user.roles.length > 0 && (
        <Group gap="xs" aria-label="Role">
          {user.roles.map((role) => (
            <Badge key={role} variant="light">
              {ROLE_LABELS[role]}
            </Badge>
          ))}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-details-title">
          <Title order={2} size="h4" mb="md" id="profile-details-title">
            Osobní údaje
          </Title>
          {error ? (
            <Alert color="red" variant="light" title="Profil se nepodařilo načíst">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{describeError(error)}</Text>
                <Button size="xs" variant="light" onClick={() => void mutate()}>
                  Zkusit znovu
                </Button>
              </Stack>
            </Alert>
          ) : user ? (
            <ProfileDetailsForm key={user.id} user={user} />
          ) : (
            <Stack gap="md" role="status" aria-busy="true" aria-label="Načítání profilu">
              <Skeleton height={56} />
              <Skeleton height={56} />
              <Skeleton height={36} width={120} ml="auto" />
            </Stack>
          )}
        </Paper>
        <Paper
          withBorder
          p="lg"
          radius="md"
          component="section"
          id={CHANGE_PASSWORD_ANCHOR}
          aria-labelledby="change-password-title"
          style={{ scrollMarginTop: 80 }}
        >
          <Title order={2} size="h4" mb="md" id="change-password-title">
            Změna hesla
          </Title>
          <ChangePasswordForm />
        </Paper>
      </SimpleGrid>
      {user && (
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="two-factor-title">
          <Title order={2} size="h4" mb="md" id="two-factor-title">
            Dvoufázové přihlášení
          </Title>
          <TwoFactorPanel user={user} />
        </Paper>
      )}
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="reminders-title">
        <Title order={2} size="h4" mb="md" id="reminders-title">
          Upozornění e-mailem
        </Title>
        <ReminderSettingsPanel />
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="account-activity-title">
        <Title order={2} size="h4" mb="md" id="account-activity-title">
          Přihlášení a zařízení
        </Title>
        <AccountActivityPanel />
      </Paper>
    </Stack>
  );
}
