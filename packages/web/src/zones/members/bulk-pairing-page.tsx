import {
  API_PATHS,
  can,
  type GuardianSuggestion,
  type PairedMember,
  type PairingsAccepted,
  type ProfileAccount,
  type ProfilePage,
  type ProfileSuggestions,
  SUGGESTION_CONFIDENCE_LABELS,
  type SuggestionConfidence,
} from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import {
  Alert,
  Badge,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChecks, IconLink, IconLinkOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import type { SelectOption } from '../../engine/kinds/relation/use-related-options.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { RecordPicker } from '../../engine/related/record-picker.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { czechPlural } from '../../ui/format/plural.ts';

/** Filled badges dark enough for white text (at least 4.5:1) in both schemes. */
const CONFIDENCE_COLORS: Record<SuggestionConfidence, string> = {
  sure: '#1e6b30',
  likely: '#8a5a00',
  possible: '#495057',
};
const PAGE_SIZE = 20;
/** `1 dvojici, 2 dvojice, 5 dvojic` (whom to pair) and `1 dvojice…` (what was paired). */
const pairsToPair = (count: number) => `${count} ${czechPlural(count, ['dvojici', 'dvojice', 'dvojic'])}`;
const pairsPaired = (count: number) => `${count} ${czechPlural(count, ['dvojice', 'dvojice', 'dvojic'])}`;
const memberName = (member: PairedMember) =>
  `${member.firstName} ${member.lastName}${member.birthDate ? ` (${czechDate(member.birthDate)})` : ''}`;
const fullName = (member: PairedMember) => `${member.firstName} ${member.lastName}`;

/** Unpaired profiles with the members they probably are, paired one by one or all sure ones at once. */
export function BulkPairingPage() {
  const suggestions = useSWR<ProfileSuggestions>(API_PATHS.pairingSuggestions);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const paired = useSWR<ProfilePage>([
    API_PATHS.profiles,
    { paired: 'paired', s: debounced || undefined, page, limit: PAGE_SIZE },
  ]);
  const { roles } = useCurrentUser();
  const canPair = can(roles, 'members', 'write');
  const reported = useReported();
  const confirm = useConfirm();
  const flash = useFlash();
  const refresh = async () => {
    await Promise.all([suggestions.mutate(), paired.mutate()]);
  };
  const pair = (profileId: number, memberId: number, what: string) =>
    reported(async () => {
      await api.post(API_PATHS.pairProfileMember, { profileId, memberId });
      await refresh();
    }, `Spárováno: ${what}.`);
  const acceptGuardian = (profile: ProfileAccount, guardian: GuardianSuggestion) =>
    reported(
      async () => {
        await api.post(API_PATHS.acceptPairings, {
          guardians: [{ profileId: profile.id, guardianId: guardian.guardianId }],
        });
        await refresh();
      },
      `Spárováno: ${profile.email} – zákonný zástupce: ${fullName(guardian.member)}.`,
    );
  const unpair = (profileId: number, memberId: number, what: string) =>
    reported(async () => {
      await api.post(API_PATHS.unpairProfileMember, { profileId, memberId });
      await refresh();
    }, `Spárování zrušeno: ${what}.`);

  const waiting = suggestions.data?.profiles ?? [];
  const sure = waiting.flatMap((profile) =>
    profile.suggestions
      .filter((suggestion) => suggestion.confidence === 'sure')
      .map((suggestion) => ({ profileId: profile.id, memberId: suggestion.member.id })),
  );
  // A guardian record naming the profile's e-mail is a sure match.
  const sureGuardians = waiting.flatMap((profile) =>
    profile.guardianOf.map((guardian) => ({ profileId: profile.id, guardianId: guardian.guardianId })),
  );
  const sureCount = sure.length + sureGuardians.length;
  const sureWhat = [
    sure.length > 0 && `${pairsToPair(sure.length)} profilů a členů`,
    sureGuardians.length > 0 && `${pairsToPair(sureGuardians.length)} profilů a zákonných zástupců`,
  ]
    .filter(Boolean)
    .join(' a ');
  const acceptAll = () =>
    confirm({
      title: 'Přijmout všechny jisté návrhy?',
      message: `Spárovat ${sureWhat} najednou? Když některé spárování nepůjde, neuloží se žádné.`,
      confirmLabel: 'Spárovat vše',
      onConfirm: async () => {
        let paired = 0;
        const done = await reported(async () => {
          const result = await api.post<PairingsAccepted>(API_PATHS.acceptPairings, {
            pairs: sure,
            guardians: sureGuardians,
          });
          paired = result.paired + result.guardians;
          await refresh();
        });
        if (done) flash.show({ message: `Spárováno: ${pairsPaired(paired)}.` });
      },
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Hromadné párování"
        actions={
          canPair && (
            <BusyButton leftSection={<IconChecks size={18} />} disabled={sureCount === 0} onClick={acceptAll}>
              Přijmout všechny jisté návrhy ({sureCount})
            </BusyButton>
          )
        }
      />
      <Text c="dimmed" maw={720}>
        Profil je přihlašovací účet člověka mimo kancelář (sportovce, rodiče). Jeden profil může patřit k více
        členům a člen může mít více profilů. Návrhy vycházejí ze shodného e-mailu nebo ze shodného jména bez
        ohledu na velikost písmen a diakritiku. Profil s e-mailem zákonného zástupce, který ještě nemá účet,
        se nabízí jako tento zástupce: po přijetí spravuje údaje dítěte.
      </Text>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="unpaired">
        <Stack gap="md">
          <Title order={2} size="h3" id="unpaired">
            Nespárované profily
          </Title>
          {!suggestions.data ? (
            <Skeleton h={160} />
          ) : suggestions.data.profiles.length === 0 ? (
            <Alert color="green" title="Vše spárováno">
              Žádný profil nečeká na spárování.
            </Alert>
          ) : (
            suggestions.data.profiles.map((profile) => (
              <Stack
                key={profile.id}
                gap={6}
                component="article"
                aria-label={`Profil ${profile.firstName} ${profile.lastName}`}
              >
                <Text fw={600}>
                  {profile.firstName} {profile.lastName}{' '}
                  <Text span c="dimmed" fw={400}>
                    {profile.email}
                  </Text>
                </Text>
                {profile.suggestions.length === 0 && profile.guardianOf.length === 0 && (
                  <Text size="sm" c="dimmed">
                    Žádný návrh: vyberte člena ručně.
                  </Text>
                )}
                {profile.guardianOf.map((guardian) => (
                  <Suggestion
                    key={`guardian-${guardian.guardianId}`}
                    label={`zákonný zástupce: ${memberName(guardian.member)}`}
                    confidence="sure"
                    reasons={`stejný e-mail (záznam zástupce: ${guardian.name})`}
                    accept={
                      canPair && {
                        text: 'Přijmout',
                        label: `Přijmout profil ${profile.email} jako zákonného zástupce člena ${fullName(guardian.member)}`,
                        run: () => acceptGuardian(profile, guardian),
                      }
                    }
                  />
                ))}
                {profile.suggestions.map((suggestion) => (
                  <Suggestion
                    key={suggestion.member.id}
                    label={memberName(suggestion.member)}
                    confidence={suggestion.confidence}
                    reasons={suggestion.reasons.join(', ')}
                    accept={
                      canPair && {
                        text: 'Spárovat',
                        label: `Spárovat profil ${profile.email} se členem ${fullName(suggestion.member)}`,
                        run: () =>
                          pair(
                            profile.id,
                            suggestion.member.id,
                            `${profile.email} – ${fullName(suggestion.member)}`,
                          ),
                      }
                    }
                  />
                ))}
                {canPair && (
                  <ManualPair
                    label={`Jiný člen pro ${profile.email}`}
                    onPair={(member) =>
                      pair(profile.id, Number(member.value), `${profile.email} – ${member.label}`)
                    }
                  />
                )}
              </Stack>
            ))
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="paired">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h3" id="paired">
              Spárované profily
            </Title>
            <TextInput
              label="Hledat profil"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
          </Group>
          {!paired.data ? (
            <Skeleton h={120} />
          ) : paired.data.items.length === 0 ? (
            <Text c="dimmed">{debounced ? 'Hledání nic nenašlo.' : 'Zatím žádný profil není spárován.'}</Text>
          ) : (
            paired.data.items.map((profile) => (
              <Stack key={profile.id} gap={4}>
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
                        onClick={() =>
                          unpair(profile.id, member.id, `${profile.email} – ${fullName(member)}`)
                        }
                      >
                        Zrušit spárování
                      </BusyButton>
                    )}
                  </Group>
                ))}
              </Stack>
            ))
          )}
          {paired.data && paired.data.total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(paired.data.total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label': {
                  first: 'První stránka',
                  last: 'Poslední stránka',
                  previous: 'Předchozí stránka',
                  next: 'Další stránka',
                }[control],
              })}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** One suggested match of a profile: what it is, how sure, why, and (for who may pair) the button that accepts it. */
function Suggestion({
  label,
  confidence,
  reasons,
  accept,
}: {
  label: string;
  confidence: SuggestionConfidence;
  reasons: string;
  accept: false | { text: string; label: string; run: () => Promise<unknown> };
}) {
  return (
    <Group gap="sm" pl="md" wrap="wrap">
      <Text size="sm">{label}</Text>
      <Badge color={CONFIDENCE_COLORS[confidence]} variant="filled">
        {SUGGESTION_CONFIDENCE_LABELS[confidence]}
      </Badge>
      <Text size="sm" c="dimmed">
        {reasons}
      </Text>
      {accept && (
        <BusyButton
          size="xs"
          variant="light"
          leftSection={<IconLink size={16} />}
          aria-label={accept.label}
          onClick={accept.run}
        >
          {accept.text}
        </BusyButton>
      )}
    </Group>
  );
}

function ManualPair({
  label,
  onPair,
}: {
  label: string;
  onPair: (member: SelectOption) => Promise<unknown>;
}) {
  const [member, setMember] = useState<SelectOption | null>(null);
  return (
    <Group align="flex-end" gap="sm" pl="md">
      <RecordPicker
        alias="member"
        field="profile-member.member"
        label={label}
        value={member}
        onChange={setMember}
        maw={320}
      />
      <BusyButton
        size="sm"
        variant="default"
        disabled={!member}
        onClick={async () => {
          if (member && (await onPair(member))) setMember(null);
        }}
      >
        Spárovat
      </BusyButton>
    </Group>
  );
}
