import { API_PATHS, apiPath, type EntityRecord, findRoute, type GroupMembersPage } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { useMayOpen } from '../../ui/navigation/use-may-open.ts';
import { Link } from '../../ui/routing/router.tsx';
import { recordAction } from './training-api.ts';

/** The group's generic form with, below it, its members and its calendar address. */
export function GroupFormPage() {
  return (
    <EntityFormPage
      alias="group"
      createTitle={findRoute('group.create')?.title ?? ''}
      editTitle={findRoute('group.edit')?.title ?? ''}
      related={(group) => (
        <>
          <GroupMembersPanel group={group} />
          <CalendarLinkPanel group={group} />
        </>
      )}
    />
  );
}

function GroupMembersPanel({ group }: { group: EntityRecord }) {
  const { data } = useSWR<GroupMembersPage>([API_PATHS.groupMembers, { groupId: group.id, limit: 500 }]);
  const bulkSetup = useMayOpen('groupMembers.bulkSetup');
  const today = pragueToday();
  const current = (data?.items ?? []).filter(
    (item) => item.validFrom <= today && (item.validTo === null || item.validTo >= today),
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="group-members-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="group-members-title">
          Členové skupiny {data && `(${current.length})`}
        </Title>
        {bulkSetup && (
          <Button
            component={Link}
            to={appPath('groupMembers.bulkSetup', { skupina: group.id })}
            variant="light"
            size="xs"
          >
            Upravit členy
          </Button>
        )}
      </Group>
      {!data ? (
        <Skeleton height={80} />
      ) : current.length === 0 ? (
        <Text size="sm">Ve skupině teď nikdo není.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped aria-labelledby="group-members-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Člen</Table.Th>
                <Table.Th>Ve skupině od</Table.Th>
                <Table.Th>Do</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={appPath('member.edit', { id: item.memberId })}>
                      {item.lastName} {item.firstName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{czechDate(item.validFrom)}</Table.Td>
                  <Table.Td>{item.validTo ? czechDate(item.validTo) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function CalendarLinkPanel({ group }: { group: EntityRecord }) {
  const flash = useFlash();
  const confirm = useConfirm();
  const { data, mutate } = useSWR<{ token: string | null }>(recordAction('group', group.id, 'calendar-link'));
  const url = data?.token
    ? `${window.location.origin}${apiPath(API_PATHS.calendarFeed, { file: `${data.token}.ics` })}`
    : null;
  const renew = async () => {
    await mutate(
      await api.post<{ token: string }>(recordAction('group', group.id, 'new-calendar-link'), {}),
      { revalidate: false },
    );
    flash.show({ message: 'Adresa kalendáře je připravená.' });
  };
  const revoke = async () => {
    await mutate(
      await api.post<{ token: null }>(recordAction('group', group.id, 'revoke-calendar-link'), {}),
      { revalidate: false },
    );
    flash.show({ message: 'Adresa kalendáře byla zrušena.' });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="group-calendar-title">
      <Title order={2} size="h4" id="group-calendar-title" mb="xs">
        Kalendář tréninků pro telefon
      </Title>
      <Text size="sm" mb="sm">
        Trenéři a rodiče si adresu přidají do kalendáře v telefonu (odběr kalendáře z internetu). Kdo adresu
        zná, vidí tréninky skupiny; proto ji lze kdykoli zrušit nebo vyměnit.
      </Text>
      {!data ? (
        <Skeleton height={36} />
      ) : url ? (
        <Stack gap="xs">
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Adresa kalendáře"
              value={url}
              readOnly
              flex={1}
              miw={240}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Zkopírováno' : 'Kopírovat'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                void confirm({
                  title: 'Vyměnit adresu kalendáře?',
                  message: 'Stará adresa přestane fungovat; kdo ji odebírá, musí si přidat novou.',
                  confirmLabel: 'Vyměnit adresu',
                  onConfirm: renew,
                })
              }
            >
              Vyměnit adresu
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() =>
                void confirm({
                  title: 'Zrušit adresu kalendáře?',
                  message: 'Kalendáře, které ji odebírají, přestanou tréninky skupiny zobrazovat.',
                  confirmLabel: 'Zrušit adresu',
                  danger: true,
                  onConfirm: revoke,
                })
              }
            >
              Zrušit adresu
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm">
          <Alert variant="light" p="xs">
            Skupina zatím adresu kalendáře nemá.
          </Alert>
          <BusyButton size="xs" onClick={renew}>
            Vytvořit adresu kalendáře
          </BusyButton>
        </Group>
      )}
    </Paper>
  );
}
