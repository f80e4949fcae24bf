import { findRoute, isOffice } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { czechCount } from '@klubovna/shared/validation/czech-messages';
import { withoutIndex } from '../../db/dialect.ts';
import { registerMembers, registerProblems } from '../register/index.ts';
import { filteredList, screenLink, TILE_ITEMS, type TileDeclaration } from './home-tile.ts';

// The office's duties to the law: medical checks of those who compete, the national sport register.

const MEMBERS = { one: 'člen', few: 'členové', many: 'členů' };
const PEOPLE = { one: 'člověka', few: 'lidí', many: 'lidí' };
/** The member list's declared filter the tile counts by, and its values. */
const MEDICAL_FILTER = 'medical';
const MEDICAL_VALUES = ['expiring', 'missing'];

/** Members whose medical check ends within 30 days, and competing athletes without a valid one. */
export const medicalChecksDue: TileDeclaration = {
  key: 'medical-checks',
  load: async ({ db, person, today, entities }) => {
    const members = entities.get('member');
    const filter = members?.declaration.filters?.[MEDICAL_FILTER];
    if (!isOffice(person.roles) || !filter) return null;
    const due = db
      .selectFrom('members')
      .where(withoutIndex(db, 'active'), '=', 1)
      .where(filter.where(MEDICAL_VALUES, today));
    const [counted, rows] = await Promise.all([
      due.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      due
        .select(['id', 'first_name', 'last_name', 'medical_valid_until'])
        .orderBy('medical_valid_until')
        .orderBy('last_name_sort')
        .limit(TILE_ITEMS)
        .execute(),
    ]);
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

/** Athletes and trainers the national sport register would refuse as they are written. */
export const registerProblemsTile: TileDeclaration = {
  key: 'register-problems',
  load: async ({ db, person, entities }) => {
    if (!isOffice(person.roles)) return null;
    const refused = (await registerMembers(db))
      .map((member) => ({ member, problems: registerProblems(member) }))
      .filter((entry) => entry.problems.length > 0);
    return {
      key: 'register-problems',
      title: 'Rejstřík sportu',
      count: refused.length,
      summary:
        refused.length === 0
          ? 'Rejstřík přijme údaje všech závodníků a trenérů.'
          : `Rejstřík by odmítl údaje ${czechCount(refused.length, PEOPLE)}.`,
      link: findRoute('members.sportRegister')?.path ?? null,
      linkLabel: 'Kontrola pro rejstřík',
      items: refused.slice(0, TILE_ITEMS).map(({ member, problems }) => ({
        label: `${member.firstName} ${member.lastName}`,
        detail: problems.join(' '),
        link: screenLink(entities, 'member', member.id),
        tone: 'warning',
      })),
    };
  },
};
