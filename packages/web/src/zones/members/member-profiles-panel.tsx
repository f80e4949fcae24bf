import { API_PATHS, can, type ProfilePage } from '@klubovna/shared';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { useReported } from '../../engine/related/use-reported.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';

/** The sign-in profiles paired with a member (a parent, the athlete), each unpairable here. */
export function MemberProfilesPanel({ memberId }: { memberId: number }) {
  const { roles } = useCurrentUser();
  // Pairing accounts with members is account management: the office's (area `users`).
  const allowed = can(roles, 'users', 'read');
  const { data, mutate } = useSWR<ProfilePage>(
    allowed ? [API_PATHS.profiles, { memberId, limit: 100 }] : null,
  );
  const reported = useReported();
  const canPair = can(roles, 'users', 'write');
  if (!allowed) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="member-profiles">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="member-profiles">
            Spárované profily
          </Title>
          {canPair && (
            <Anchor component={Link} to={appPath('members.bulkPairing')} size="sm">
              Hromadné párování
            </Anchor>
          )}
        </Group>
        {!data ? (
          <Skeleton h={60} />
        ) : data.items.length === 0 ? (
          <Text c="dimmed">Člen nemá spárovaný žádný přihlašovací profil.</Text>
        ) : (
          data.items.map((profile) => (
            <Group key={profile.id} justify="space-between" gap="xs">
              <Text style={{ overflowWrap: 'anywhere' }}>
                {profile.firstName} {profile.lastName}{' '}
                <Text span c="dimmed">
                  {profile.email}
                </Text>
              </Text>
              {canPair && (
                <BusyButton
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconLinkOff size={16} />}
                  aria-label={`Zrušit spárování s profilem ${profile.email}`}
                  onClick={() =>
                    reported(async () => {
                      await api.post(API_PATHS.unpairProfileMember, { profileId: profile.id, memberId });
                      await mutate();
                    }, `Spárování s profilem ${profile.email} zrušeno.`)
                  }
                >
                  Zrušit spárování
                </BusyButton>
              )}
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}
