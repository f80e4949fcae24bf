import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { validityConditions } from '../medical/index.ts';
import { type ReminderDeclaration, switchOff } from './reminder-declaration.ts';

// biome-ignore lint/suspicious/noExplicitAny: the declared tables (members, guardians, groups) are dynamic
const dynamic = (db: Executor) => db as unknown as Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: conditions over the declared tables
type Eb = any;

interface EndingCheck {
  memberId: number;
  name: string;
  validUntil: string;
  email: string;
  /** Whether the address is a trainer's of the member's group (the mail then names the member). */
  trainer: boolean;
}

const expiring = validityConditions('m.medical_valid_until').expiring;

/** Memberships in force today. */
const current = (eb: Eb, today: string) =>
  eb.and([
    eb.or([eb('gm.valid_from', 'is', null), eb('gm.valid_from', '<=', today)]),
    eb.or([eb('gm.valid_to', 'is', null), eb('gm.valid_to', '>=', today)]),
  ]);

/**
 * Every address to tell of an active member's medical check ending within 30 days: the member's own,
 * their guardians', and those of the trainers of the member's current groups (the trainer's member
 * record and the accounts paired with it).
 */
async function endingChecks(db: Executor, now: Date): Promise<EndingCheck[]> {
  const today = pragueToday(now);
  const base = dynamic(db)
    .selectFrom('members as m')
    .where('m.active', '=', 1)
    .where((eb) => expiring(eb, today))
    .select(['m.id as memberId', 'm.first_name as firstName', 'm.last_name as lastName'])
    .select('m.medical_valid_until as validUntil');
  const trainers = base
    .innerJoin('group_members as gm', 'gm.member_id', 'm.id')
    .innerJoin('training_groups_trainers as tgt', 'tgt.owner_id', 'gm.group_id')
    .where((eb) => current(eb, today));
  const rows = await Promise.all([
    base.where('m.email', 'is not', null).select('m.email as email').execute(),
    base
      .innerJoin('guardians as gd', 'gd.member', 'm.id')
      .where('gd.email', 'is not', null)
      .select('gd.email as email')
      .execute(),
    trainers
      .innerJoin('members as tm', 'tm.id', 'tgt.target_id')
      .where('tm.email', 'is not', null)
      .select('tm.email as email')
      .execute(),
    trainers
      .innerJoin('profile_members as pm', 'pm.member', 'tgt.target_id')
      .innerJoin('users as u', 'u.id', 'pm.profile')
      .where('u.active', '=', 1)
      .select('u.email as email')
      .execute(),
  ]);
  return rows.flatMap((list, index) =>
    list.map((row) => ({
      memberId: Number(row.memberId),
      name: `${row.firstName} ${row.lastName}`,
      validUntil: String(row.validUntil),
      email: String(row.email),
      trainer: index >= 2,
    })),
  );
}

export const medicalCheckEnding: ReminderDeclaration = {
  kind: 'medical-check-ending',
  recipients: 'člen, jeho zákonní zástupci a trenéři jeho skupin',
  async due({ db, now, publicUrl }) {
    const rows = await endingChecks(db, now);
    return rows.map((row) => {
      const until = czechDate(row.validUntil);
      return {
        subject: `medical:${row.memberId}:${row.validUntil}`,
        email: row.email,
        mail: {
          subject: `Končí lékařská prohlídka: ${row.name}, platí do ${until}`,
          text: [
            'Dobrý den,',
            '',
            `${row.name}${row.trainer ? ' ze skupiny, kterou trénujete,' : ''} má lékařskou prohlídku platnou už jen do ${until}.`,
            'Bez platné prohlídky nelze závodit; objednejte prosím včas novou.',
            '',
            switchOff(publicUrl),
          ].join('\n'),
        },
      };
    });
  },
};
