import { findRoute, isOffice } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { czechCount } from '@klubovna/shared/validation/czech-messages';
import { withoutIndex } from '../../db/dialect.ts';
import { type WriteTracker, writeTrackerOf } from '../../db/write-tracker.ts';
import type { DeclaredFilter, DynamicDb } from '../../engine/declaration/entity.types.ts';
import { type RegisterMember, registerMembers, registerProblems } from '../register/index.ts';
import { filteredList, screenLink, TILE_ITEMS, type TileDeclaration } from './home-tile.ts';

// The office's duties to the law: medical checks of those who compete, the national sport register.

const MEMBERS = { one: 'člen', few: 'členové', many: 'členů' };
const PEOPLE = { one: 'člověka', few: 'lidí', many: 'lidí' };
/** The member list's declared filter the tile counts by, and its values. */
export const MEDICAL_FILTER = 'medical';
export const MEDICAL_VALUES = ['expiring', 'missing'];

/**
 * The count and the first of the active members the medical filter's values pick: read through the
 * conditions' own indexes and sorted afterwards. SQLite, left to choose for a short limit, walked the
 * validity index in order through every member (40 ms at 100,000 members for an empty answer).
 */
export function dueMembers(db: DynamicDb, where: ReturnType<DeclaredFilter['where']>) {
  const due = db.selectFrom('members').where(withoutIndex(db, 'active'), '=', 1).where(where);
  return {
    count: due.select((eb) => eb.fn.countAll().as('n')),
    first: due
      .select(['id', 'first_name', 'last_name', 'medical_valid_until'])
      .orderBy(withoutIndex(db, 'medical_valid_until'))
      .orderBy('last_name_sort')
      .limit(TILE_ITEMS),
  };
}

/** Members whose medical check ends within 30 days, and competing athletes without a valid one. */
export const medicalChecksDue: TileDeclaration = {
  key: 'medical-checks',
  load: async ({ db, person, today, entities }) => {
    const members = entities.get('member');
    const filter = members?.declaration.filters?.[MEDICAL_FILTER];
    if (!isOffice(person.roles) || !filter) return null;
    const due = dueMembers(db, filter.where(MEDICAL_VALUES, today));
    const [counted, rows] = await Promise.all([due.count.executeTakeFirst(), due.first.execute()]);
    const count = Number(counted?.n ?? 0);
    return {
      key: 'medical-checks',
      title: 'Lékařské prohlídky',
      count,
      summary:
        count === 0
          ? 'Všichni závodníci mají platnou prohlídku a žádná brzy nekončí.'
          : `${czechCount(count, MEMBERS)} bez platné prohlídky nebo s prohlídkou končící do 30 dnů.`,
      link: filteredList(screenLink(entities, 'member'), { [`filter[${MEDICAL_FILTER}]`]: MEDICAL_VALUES }),
      linkLabel: 'Členové bez platné prohlídky',
      items: rows.map((row) => {
        const until = row.medical_valid_until as string | null;
        const valid = until !== null && until >= today;
        return {
          label: `${row.first_name} ${row.last_name}`,
          detail: valid ? `platí do ${czechDate(until)}` : 'chybí platná prohlídka',
          link: screenLink(entities, 'member', Number(row.id)),
          tone: valid ? 'warning' : 'danger',
        };
      }),
    };
  },
};

interface RegisterRefusals {
  count: number;
  /** The first TILE_ITEMS of them, in list order. */
  first: Array<{ member: RegisterMember; problems: string[] }>;
}

/** The last reading of the register's refusals per database, with the members' write stamp it was read at. */
const refusalsRead = new WeakMap<WriteTracker, { stamp: number; refusals: RegisterRefusals }>();

/**
 * Athletes and trainers the national sport register would refuse as they are written, read again only
 * once the members have changed (on any instance): checking some 10,000 birth numbers took 78 ms of
 * processor time at each request of the office's home screen.
 */
export async function registerRefusals(db: DynamicDb): Promise<RegisterRefusals> {
  const tracker = writeTrackerOf(db);
  // Taken before the read: a write during it changes the stamp, and the next request reads again.
  const stamp = (await tracker?.settledStamp(['members'])) ?? Number.NaN;
  const kept = tracker && refusalsRead.get(tracker);
  if (kept && kept.stamp === stamp) return kept.refusals;
  const refused = (await registerMembers(db))
    .map((member) => ({ member, problems: registerProblems(member) }))
    .filter((entry) => entry.problems.length > 0);
  const refusals = { count: refused.length, first: refused.slice(0, TILE_ITEMS) };
  if (tracker && !Number.isNaN(stamp)) refusalsRead.set(tracker, { stamp, refusals });
  return refusals;
}

/** Athletes and trainers the national sport register would refuse as they are written. */
export const registerProblemsTile: TileDeclaration = {
  key: 'register-problems',
  load: async ({ db, person, entities }) => {
    if (!isOffice(person.roles)) return null;
    const { count, first } = await registerRefusals(db);
    return {
      key: 'register-problems',
      title: 'Rejstřík sportu',
      count,
      summary:
        count === 0
          ? 'Rejstřík přijme údaje všech závodníků a trenérů.'
          : `Rejstřík by odmítl údaje ${czechCount(count, PEOPLE)}.`,
      link: findRoute('members.sportRegister')?.path ?? null,
      linkLabel: 'Kontrola pro rejstřík',
      items: first.map(({ member, problems }) => ({
        label: `${member.firstName} ${member.lastName}`,
        detail: problems.join(' '),
        link: screenLink(entities, 'member', member.id),
        tone: 'warning',
      })),
    };
  },
};
