import type { ConsentKind } from '@klubovna/shared';

// biome-ignore lint/suspicious/noExplicitAny: a condition over the declared tables
type Eb = any;

/**
 * `memberColumn` (a qualified member id column, e.g. `team_members.member`) names a member whose consent
 * of `kind` is in force: recorded and not revoked. No member named: no consent needed.
 */
export const consentInForce = (eb: Eb, memberColumn: string, kind: ConsentKind) =>
  eb.or([
    eb(memberColumn, 'is', null),
    eb.exists(
      eb
        .selectFrom('consents')
        .select('consents.id')
        .whereRef('consents.member', '=', memberColumn)
        .where('consents.kind', '=', kind)
        .where('consents.granted', '=', 1),
    ),
  ]);
