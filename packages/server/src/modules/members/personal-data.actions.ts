import { API_PATHS } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import { z } from 'zod';
import type { ActionContext, DynamicDb, EntityAction } from '../../engine/declaration/entity.types.ts';
import { recordAnswer } from '../../engine/entity-openapi.ts';
import { FileAnswer } from '../../engine/export/file-answer.ts';
import { AppError } from '../../errors/app-error.ts';
import { MEDIA_TYPES } from '../../http/api-answers.ts';

// A person's data on request (GDPR): everything the club holds about one member as one file, and the
// erasure of a former member: anonymised in place, so that attendance and results still count.

const noInput = z.object({});

/** The rows of `table` whose `column` names the member. */
const rowsOf = (db: DynamicDb, table: string, column: string, memberId: number) =>
  db.selectFrom(table).selectAll().where(column, '=', memberId).orderBy('id').execute();

/** What the club holds about the member, record by record, with the history of the member record. */
async function heldAbout(db: DynamicDb, memberId: number) {
  const [guardians, consents, groups, attendance, camps, races, accounts, team, history] = await Promise.all([
    rowsOf(db, 'guardians', 'member', memberId),
    rowsOf(db, 'consents', 'member', memberId),
    db
      .selectFrom('group_members as gm')
      .innerJoin('training_groups as g', 'g.id', 'gm.group_id')
      .select(['g.name as group', 'gm.valid_from', 'gm.valid_to', 'gm.role', 'gm.note'])
      .where('gm.member_id', '=', memberId)
      .orderBy('gm.valid_from')
      .execute(),
    db
      .selectFrom('attendances as a')
      .innerJoin('trainings as t', 't.id', 'a.training_id')
      .select(['t.title as training', 't.starts_at', 'a.status', 'a.note'])
      .where('a.member_id', '=', memberId)
      .orderBy('t.starts_at')
      .execute(),
    db
      .selectFrom('camp_participants as p')
      .innerJoin('camps as c', 'c.id', 'p.camp')
      // The state of the member's payment request for the camp, if any.
      .leftJoin('payments as pay', (join) =>
        join.onRef('pay.camp', '=', 'p.camp').onRef('pay.member', '=', 'p.member'),
      )
      .select([
        'c.name as camp',
        'c.date_from',
        'c.date_to',
        'p.status',
        'pay.state as payment_state',
        'p.note',
      ])
      .where('p.member', '=', memberId)
      .execute(),
    db
      .selectFrom('race_participants as p')
      .innerJoin('races as r', 'r.id', 'p.race')
      .select(['r.name as race', 'r.date_from', 'p.category', 'p.result_time', 'p.result_place', 'p.note'])
      .where('p.member', '=', memberId)
      .execute(),
    db
      .selectFrom('profile_members as p')
      .innerJoin('users as u', 'u.id', 'p.profile')
      .select(['u.email', 'u.first_name', 'u.last_name'])
      .where('p.member', '=', memberId)
      .execute(),
    rowsOf(db, 'team_members', 'member', memberId),
    db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'created_at'])
      .where('entity', '=', 'member')
      .where('record_id', '=', memberId)
      .orderBy('id')
      .execute(),
  ]);
  return {
    guardians,
    consents,
    groups,
    attendance,
    camps,
    races,
    accounts,
    team,
    history: history.map((row) => ({ ...row, changes: JSON.parse(String(row.changes)) })),
  };
}

/**
 * Everything held about one member as one JSON file (an access request under the GDPR). A POST: each
 * such download is recorded in the member's history.
 */
const personalData: EntityAction<typeof noInput> = {
  label: 'Osobní údaje člena',
  path: API_PATHS.recordAction,
  wholeTable: true,
  produces: [MEDIA_TYPES.json],
  input: noInput,
  run: async ({ db, record }) => {
    const member = record!;
    const held = { generatedAt: new Date().toISOString(), member, ...(await heldAbout(db, member.id)) };
    return new FileAnswer(
      `Osobní údaje – ${member.firstName} ${member.lastName} – ${pragueToday()}.json`,
      'application/json; charset=utf-8',
      JSON.stringify(held, null, 2),
    );
  },
};

const memberRecord = recordAnswer('member');

/** What stays of an erased member: a name no one can be found by, and nothing else personal. */
const ERASED = {
  firstName: 'Anonymizovaný',
  lastName: 'člen',
  birthDate: null,
  gender: null,
  photo: null,
  email: null,
  phone: null,
  address: null,
  registrationNumber: null,
  note: null,
};

async function eraseRelated(context: ActionContext<unknown>, memberId: number) {
  const { db } = context;
  for (const [table, column] of [
    ['guardians', 'member'],
    ['consents', 'member'],
    ['profile_members', 'member'],
  ] as const)
    await db.deleteFrom(table).where(column, '=', memberId).execute();
  await db.updateTable('team_members').set({ member: null }).where('member', '=', memberId).execute();
  // The history of the member record held the old values: it keeps that changes happened, not what.
  await db
    .updateTable('audit_log')
    .set({ changes: JSON.stringify({ erased: true }) })
    .where('entity', 'in', ['member', 'guardian', 'consent'])
    .where('record_id', '=', memberId)
    .execute();
}

/**
 * Erases a former member: the record stays (attendance, camps and results keep counting) with its
 * personal data gone, its guardians, consents and pairings deleted and the old values out of its
 * history; the erasure itself is recorded there.
 */
const erase: EntityAction<typeof noInput, typeof memberRecord> = {
  label: 'Anonymizace bývalého člena',
  path: API_PATHS.recordAction,
  wholeTable: true,
  input: noInput,
  output: memberRecord,
  run: async (context) => {
    const member = context.record!;
    if (member.active)
      throw new AppError(
        'BAD_REQUEST',
        400,
        'Anonymizovat lze jen bývalého člena: nejdřív ho označte jako neaktivního.',
      );
    await eraseRelated(context, member.id);
    const erased = await context.records.update('member', member.id, {
      ...ERASED,
      lastName: `člen ${member.id}`,
      version: member.version,
    });
    await context.db
      .updateTable('audit_log')
      .set({ changes: JSON.stringify({ erased: true }) })
      .where('entity', '=', 'member')
      .where('record_id', '=', member.id)
      .where('action', '=', 'update')
      .execute();
    return erased;
  },
};

export const personalDataActions = { 'personal-data': personalData, erase };
