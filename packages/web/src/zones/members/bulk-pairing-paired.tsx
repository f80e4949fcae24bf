import type { ProfileRow } from '@klubovna/shared';
import { Group, Pagination, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLinkOff, IconSearch } from '@tabler/icons-react';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { fullName, memberName } from './paired-member-names.ts';
import { PAIRED_PAGE_SIZE, type PairedQuery } from './use-bulk-pairing.ts';

const PAGINATION_LABELS = {
  first: 'První stránka',
  last: 'Poslední stránka',
  previous: 'Předchozí stránka',
  next: 'Další stránka',
};

/** The paired profiles, a page at a time, found by a search; who may pair can undo each pairing. */
export function PairedProfiles({
  query,
  canPair,
  unpair,
}: {
  query: PairedQuery;
  canPair: boolean;
  unpair: (profileId: number, memberId: number, what: string) => Promise<unknown>;
}) {
  const { found } = query;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="paired">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3" id="paired">
            Spárované profily
          </Title>
          <TextInput
            label="Hledat profil"
            leftSection={<IconSearch size={16} />}
            value={query.search}
            onChange={(event) => query.searchFor(event.currentTarget.value)}
          />
        </Group>
        {!found ? (
          <Skeleton h={120} />
        ) : found.items.length === 0 ? (
          <Text c="dimmed">
            {query.searched ? 'Hledání nic nenašlo.' : 'Zatím žádný profil není spárován.'}
          </Text>
        ) : (
          found.items.map((profile) => (
            <PairedProfile key={profile.id} profile={profile} canPair={canPair} unpair={unpair} />
          ))
        )}
        {found && found.total > PAIRED_PAGE_SIZE && (
          <Pagination
            total={Math.ceil(found.total / PAIRED_PAGE_SIZE)}
            value={query.page}
            onChange={query.setPage}
            getControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
          />
        )}
      </Stack>
    </Paper>
  );
}

function PairedProfile({
  profile,
  canPair,
  unpair,
}: {
  profile: ProfileRow;
  canPair: boolean;
  unpair: (profileId: number, memberId: number, what: string) => Promise<unknown>;
}) {
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {profile.firstName} {profile.lastName}{' '}
        <Text span c="dimmed" fw={400}>
          {profile.email}
        </Text>
      </Text>
      {profile.members.map((member) => (
        <Group key={member.id} gap="sm" pl="md">
          <Text size="sm">{memberName(member)}</Text>
          {canPair && (
            <BusyButton
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconLinkOff size={16} />}
              aria-label={`Zrušit spárování profilu ${profile.email} se členem ${fullName(member)}`}
              onClick={() => unpair(profile.id, member.id, `${profile.email} – ${fullName(member)}`)}
            >
              Zrušit spárování
            </BusyButton>
          )}
        </Group>
      ))}
    </Stack>
  );
}
