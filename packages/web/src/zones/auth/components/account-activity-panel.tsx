import { type AccountActivity, API_PATHS } from '@klubovna/shared';
import { Alert, Badge, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import useSWR from 'swr';
import { api } from '../../../api/api.ts';
import { describeError } from '../../../api/describe-error.ts';
import { formatDateTime } from '../../../engine/kinds/date/date-values.ts';
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
  if (!data) return <Skeleton h={200} aria-label="Načítání přihlášení" />;
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
        <Table aria-labelledby="open-sessions-title" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Zařízení</Table.Th>
              <Table.Th>Aktivita</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.sessions.map((session) => (
              <Table.Tr key={`${session.createdAt}-${session.device}-${session.ip}`}>
                <Table.Td>
                  <Group gap={6}>
                    {session.device}
                    {session.current && (
                      <Badge color={CURRENT_COLOR} variant="filled">
                        Toto zařízení
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    IP {session.ip ?? 'neznámá'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">Přihlášeno {formatDateTime(session.createdAt)}</Text>
                  <Text size="sm" c="dimmed">
                    naposledy {formatDateTime(session.lastSeenAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h5" id="sign-ins-title">
          Poslední přihlášení
        </Title>
        {data.signIns.length === 0 ? (
          <Text c="dimmed">Zatím žádné přihlášení.</Text>
        ) : (
          <Table aria-labelledby="sign-ins-title" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kdy</Table.Th>
                <Table.Th>Zařízení</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.signIns.map((signIn) => (
                <Table.Tr key={`${signIn.at}-${signIn.device}`}>
                  <Table.Td>{formatDateTime(signIn.at)}</Table.Td>
                  <Table.Td>
                    {signIn.device}
                    <Text size="sm" c="dimmed">
                      IP {signIn.ip ?? 'neznámá'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
