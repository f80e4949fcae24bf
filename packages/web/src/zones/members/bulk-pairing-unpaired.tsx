import {
  type GuardianSuggestion,
  type ProfileAccount,
  type ProfileSuggestions,
  SUGGESTION_CONFIDENCE_LABELS,
  type SuggestionConfidence,
} from '@klubovna/shared';
import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import type { SelectOption } from '../../engine/kinds/relation/use-related-options.ts';
import { RecordPicker } from '../../engine/related/record-picker.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { fullName, memberName } from './paired-member-names.ts';

/** Filled badges dark enough for white text (at least 4.5:1) in both schemes. */
const CONFIDENCE_COLORS: Record<SuggestionConfidence, string> = {
  sure: '#1e6b30',
  likely: '#8a5a00',
  possible: '#495057',
};

type UnpairedProfile = ProfileSuggestions['profiles'][number];

interface PairingWork {
  /** Who may pair sees the buttons. */
  canPair: boolean;
  pair: (profileId: number, memberId: number, what: string) => Promise<unknown>;
  acceptGuardian: (profile: ProfileAccount, guardian: GuardianSuggestion) => Promise<unknown>;
}

/** The profiles paired with nobody, each with the members and guardian records it probably is. */
export function UnpairedProfiles({
  profiles,
  ...work
}: PairingWork & { profiles: UnpairedProfile[] | undefined }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="unpaired">
      <Stack gap="md">
        <Title order={2} size="h3" id="unpaired">
          Nespárované profily
        </Title>
        {!profiles ? (
          <Skeleton h={160} />
        ) : profiles.length === 0 ? (
          <Alert color="green" title="Vše spárováno">
            Žádný profil nečeká na spárování.
          </Alert>
        ) : (
          profiles.map((profile) => <UnpairedProfileCard key={profile.id} profile={profile} {...work} />)
        )}
      </Stack>
    </Paper>
  );
}

function UnpairedProfileCard({
  profile,
  canPair,
  pair,
  acceptGuardian,
}: PairingWork & { profile: UnpairedProfile }) {
  return (
    <Stack gap={6} component="article" aria-label={`Profil ${profile.firstName} ${profile.lastName}`}>
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
                pair(profile.id, suggestion.member.id, `${profile.email} – ${fullName(suggestion.member)}`),
            }
          }
        />
      ))}
      {canPair && (
        <ManualPair
          label={`Jiný člen pro ${profile.email}`}
          onPair={(member) => pair(profile.id, Number(member.value), `${profile.email} – ${member.label}`)}
        />
      )}
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
