import { type AccountActivity, API_PATHS } from '@klubovna/shared';
import { czechDateTime } from '@klubovna/shared/time/prague';
import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import useSWR from 'swr';
import { api } from '../../../api/api.ts';
import { describeError } from '../../../api/describe-error.ts';
import { useReported } from '../../../engine/related/use-reported.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { czechPlural } from '../../../ui/format/plural.ts';

/** Filled badge dark enough for white text (at least 4.5:1) in both schemes. */
const CURRENT_COLOR = '#1e6b30';

/** The signed-in user's open sessions (with "sign out everywhere else") and recent sign-ins. */
export function AccountActivityPanel() {
  const { data, error, mutate } = useSWR<AccountActivity>(API_PATHS.ownActivity);
  const reported = useReported();
  if (error)
    return (
      <Alert color="red" title="Přihlášení se nepodařilo načíst">
        {describeError(error)}
      </Alert>
    );
  if (!data) return <Skeleton h={200} role="status" aria-label="Načítání přihlášení" />;
  const others = data.sessions.filter((session) => !session.current).length;
  const endOthers = () =>
    reported(
      async () => {
        await api.post(API_PATHS.endOtherSessions, {});
        await mutate();
      },
      `Odhlášeno: ${others} ${czechPlural(others, ['jiné zařízení', 'jiná zařízení', 'jiných zařízení'])}.`,
    );
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={3} size="h5" id="open-sessions-title">
            Otevřená přihlášení
          </Title>
          <BusyButton
            size="xs"
            variant="light"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={others === 0}
            onClick={endOthers}
          >
            Odhlásit všude jinde
          </BusyButton>
        </Group>
        <Stack
          component="ul"
          gap="xs"
          aria-labelledby="open-sessions-title"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {data.sessions.map((session) => (
            <Paper
              component="li"
              withBorder
              p="sm"
              radius="sm"
              key={`${session.createdAt}-${session.device}-${session.ip}`}
            >
              <Group gap={6}>
                <Text fw={600}>{session.device}</Text>
                {session.current && (
                  <Badge color={CURRENT_COLOR} variant="filled">
                    Toto zařízení
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                IP {session.ip ?? 'neznámá'} · přihlášeno {czechDateTime(session.createdAt)} · naposledy{' '}
                {czechDateTime(session.lastSeenAt)}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h5" id="sign-ins-title">
          Poslední přihlášení
        </Title>
        {data.signIns.length === 0 ? (
          <Text c="dimmed">Zatím žádné přihlášení.</Text>
        ) : (
          <Stack
            component="ul"
            gap={4}
            aria-labelledby="sign-ins-title"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {data.signIns.map((signIn) => (
              <Text component="li" size="sm" key={`${signIn.at}-${signIn.device}`}>
                {czechDateTime(signIn.at)} · {signIn.device} · IP {signIn.ip ?? 'neznámá'}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
