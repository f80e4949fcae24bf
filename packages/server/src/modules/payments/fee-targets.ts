import { pragueToday } from '@klubovna/shared/time/prague';
import type { DynamicDb, Values } from '../../engine/declaration/entity.types.ts';

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * The active members a fee targets: members of its groups and of the groups of its categories today,
 * narrowed to its member types when it names some; with no group or category, every active member of
 * its member types. None when it names nothing.
 */
export async function feeMembers(db: DynamicDb, fee: Values): Promise<number[]> {
  const categories = ids(fee.categories);
  const groups = new Set(ids(fee.groups));
  if (categories.length > 0) {
    const rows = await db
      .selectFrom('training_groups')
      .select('id')
      .where('category', 'in', categories)
      .execute();
    for (const row of rows) groups.add(Number(row.id));
  }
  const types = texts(fee.memberTypes);
  const namesGroups = ids(fee.groups).length > 0 || categories.length > 0;
  if (!namesGroups && types.length === 0) return [];
  if (namesGroups && groups.size === 0) return [];
  const today = pragueToday();
  let query = db.selectFrom('members as m').select('m.id').distinct().where('m.active', '=', 1);
  if (namesGroups)
    query = query
      .innerJoin('group_members as gm', 'gm.member_id', 'm.id')
      .where('gm.group_id', 'in', [...groups])
      .where('gm.valid_from', '<=', today)
      .where((eb) => eb.or([eb('gm.valid_to', 'is', null), eb('gm.valid_to', '>=', today)]));
  if (types.length > 0) query = query.where('m.member_type', 'in', types);
  const rows = await query.orderBy('m.id').execute();
  return rows.map((row) => Number(row.id));
}

/**
 * The members among `members` who pay with the sibling discount: those sharing a guardian (the same
 * guardian's account or e-mail) with another of them; in each family the eldest (by birth date, then
 * by record) pays in full.
 */
export async function discountedSiblings(db: DynamicDb, members: number[]): Promise<Set<number>> {
  const discounted = new Set<number>();
  if (members.length < 2) return discounted;
  const rows = await db
    .selectFrom('guardians as g')
    .innerJoin('members as m', 'm.id', 'g.member')
    .select(['g.member', 'g.account', 'g.email', 'm.birth_date'])
    .where('g.member', 'in', members)
    .execute();
  // Members joined by any guardian key are one family (union-find over the keys).
  const parent = new Map<number, number>();
  const root = (member: number): number => {
    const up = parent.get(member) ?? member;
    if (up === member) return member;
    const top = root(up);
    parent.set(member, top);
    return top;
  };
  const born = new Map<number, string>();
  const firstOfKey = new Map<string, number>();
  for (const row of rows) {
    const member = Number(row.member);
    born.set(member, String(row.birth_date ?? '9999-12-31'));
    for (const key of [row.account ? `a${row.account}` : '', row.email ? `e${String(row.email)}` : '']) {
      if (!key) continue;
      const other = firstOfKey.get(key);
      if (other === undefined) firstOfKey.set(key, member);
      else parent.set(root(member), root(other));
    }
  }
  const families = new Map<number, number[]>();
  for (const member of born.keys())
    families.set(root(member), [...(families.get(root(member)) ?? []), member]);
  for (const family of families.values()) {
    const byAge = family.sort((a, b) =>
      born.get(a)! === born.get(b)! ? a - b : born.get(a)! < born.get(b)! ? -1 : 1,
    );
    for (const member of byAge.slice(1)) discounted.add(member);
  }
  return discounted;
}

const TRAINER_TYPES = ['TRAINER', 'HEAD_TRAINER'];
const BATCH = 400;

/**
 * The members among `members` whose guardian is a club trainer: a guardian record whose account is
 * paired with an active member of a trainer type, or whose e-mail is such a member's.
 */
export async function trainersChildren(db: DynamicDb, members: number[]): Promise<Set<number>> {
  const children = new Set<number>();
  for (let start = 0; start < members.length; start += BATCH) {
    const batch = members.slice(start, start + BATCH);
    const rows = await db
      .selectFrom('guardians as g')
      .leftJoin('profile_members as pm', 'pm.profile', 'g.account')
      .innerJoin('members as t', (join) =>
        join.on((eb) => eb.or([eb('t.id', '=', eb.ref('pm.member')), eb('t.email', '=', eb.ref('g.email'))])),
      )
      .select('g.member')
      .distinct()
      .where('g.member', 'in', batch)
      .where('t.active', '=', 1)
      .where('t.member_type', 'in', TRAINER_TYPES)
      .execute();
    for (const row of rows) children.add(Number(row.member));
  }
  return children;
}
