import {
  API_PATHS,
  type GuardianSuggestion,
  type PairingsAccepted,
  type ProfileAccount,
  type ProfilePage,
  type ProfileSuggestions,
} from '@klubovna/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { useReported } from '../../engine/related/use-reported.ts';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { czechPlural } from '../../ui/format/plural.ts';
import { fullName } from './paired-member-names.ts';

export const PAIRED_PAGE_SIZE = 20;
/** `1 dvojici, 2 dvojice, 5 dvojic` (whom to pair) and `1 dvojice…` (what was paired). */
const pairsToPair = (count: number) => `${count} ${czechPlural(count, ['dvojici', 'dvojice', 'dvojic'])}`;
const pairsPaired = (count: number) => `${count} ${czechPlural(count, ['dvojice', 'dvojice', 'dvojic'])}`;

/** The paired profiles' page as the search found it, and the search and page asked for. */
export interface PairedQuery {
  found: ProfilePage | undefined;
  /** The search as typed, and as sent (once typing pauses). */
  search: string;
  searched: string;
  /** Searches anew from the first page. */
  searchFor: (text: string) => void;
  page: number;
  setPage: (page: number) => void;
}

/** The suggestions' sure matches: profiles with members, and profiles with guardian records naming their e-mail. */
function sureMatches(suggestions: ProfileSuggestions | undefined) {
  const waiting = suggestions?.profiles ?? [];
  const pairs = waiting.flatMap((profile) =>
    profile.suggestions
      .filter((suggestion) => suggestion.confidence === 'sure')
      .map((suggestion) => ({ profileId: profile.id, memberId: suggestion.member.id })),
  );
  // A guardian record naming the profile's e-mail is a sure match.
  const guardians = waiting.flatMap((profile) =>
    profile.guardianOf.map((guardian) => ({ profileId: profile.id, guardianId: guardian.guardianId })),
  );
  const what = [
    pairs.length > 0 && `${pairsToPair(pairs.length)} profilů a členů`,
    guardians.length > 0 && `${pairsToPair(guardians.length)} profilů a zákonných zástupců`,
  ]
    .filter(Boolean)
    .join(' a ');
  return { pairs, guardians, count: pairs.length + guardians.length, what };
}

/**
 * The bulk pairing page's data and work: the unpaired profiles with suggestions, a page of the paired
 * ones found by a search, and pairing, unpairing and accepting all sure suggestions at once.
 */
export function useBulkPairing() {
  const suggestions = useSWR<ProfileSuggestions>(API_PATHS.pairingSuggestions);
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const paired = useSWR<ProfilePage>([
    API_PATHS.profiles,
    { paired: 'paired', s: searched || undefined, page, limit: PAIRED_PAGE_SIZE },
  ]);
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

  const sure = sureMatches(suggestions.data);
  const acceptAllSure = () =>
    confirm({
      title: 'Přijmout všechny jisté návrhy?',
      message: `Spárovat ${sure.what} najednou? Když některé spárování nepůjde, neuloží se žádné.`,
      confirmLabel: 'Spárovat vše',
      onConfirm: async () => {
        let paired = 0;
        const done = await reported(async () => {
          const result = await api.post<PairingsAccepted>(API_PATHS.acceptPairings, {
            pairs: sure.pairs,
            guardians: sure.guardians,
          });
          paired = result.paired + result.guardians;
          await refresh();
        });
        if (done) flash.show({ message: `Spárováno: ${pairsPaired(paired)}.` });
      },
    });

  const searchFor = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  return {
    unpaired: suggestions.data?.profiles,
    paired: { found: paired.data, search, searched, searchFor, page, setPage } satisfies PairedQuery,
    sureCount: sure.count,
    pair,
    acceptGuardian,
    unpair,
    acceptAllSure,
  };
}
