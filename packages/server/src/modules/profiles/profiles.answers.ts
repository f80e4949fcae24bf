import {
  type PairingsAccepted,
  type ProfilePage,
  type ProfileSuggestions,
  SUGGESTION_CONFIDENCE_LABELS,
  type SuggestionConfidence,
} from '@klubovna/shared';
import { z } from 'zod';

const id = z.number().int();

/** A member as the pairing screens show it (`PairedMember`). */
const pairedMember = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable(),
  email: z.string().nullable(),
});

/** A profile's account (`ProfileAccount`). */
const account = { id, email: z.string(), firstName: z.string(), lastName: z.string(), active: z.boolean() };

/** The profile entity's `get-profiles` (`ProfilePage`). */
export const profilePageAnswer = z.object({
  items: z.array(z.object({ ...account, members: z.array(pairedMember) })),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
}) satisfies z.ZodType<ProfilePage>;

/** The profile entity's `unpair-profile-member`: the pair no longer paired. */
export const unpairedAnswer = z.object({ profileId: id, memberId: id });

/** The profile entity's `get-suggestions` (`ProfileSuggestions`). */
export const suggestionsAnswer = z.object({
  profiles: z.array(
    z.object({
      ...account,
      suggestions: z.array(
        z.object({
          member: pairedMember,
          confidence: z.enum(
            Object.keys(SUGGESTION_CONFIDENCE_LABELS) as [SuggestionConfidence, ...SuggestionConfidence[]],
          ),
          reasons: z.array(z.string()),
        }),
      ),
      guardianOf: z.array(z.object({ guardianId: id, name: z.string(), member: pairedMember })),
    }),
  ),
}) satisfies z.ZodType<ProfileSuggestions>;

/** The profile entity's `accept-suggestions` (`PairingsAccepted`). */
export const acceptedAnswer = z.object({
  paired: z.number().int(),
  guardians: z.number().int(),
}) satisfies z.ZodType<PairingsAccepted>;
