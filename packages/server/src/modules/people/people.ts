import { isOffice } from '@klubovna/shared';
import { sql } from 'kysely';
import type { Person, RowCondition } from '../../engine/declaration/entity.types.ts';

// Who a signed-in person is in the club, as sets of rows for row rules (see RowAccess). The office
// (ROLE_ROOT, ROLE_ADMIN) sees every row of its areas; anyone else sees what concerns them:
// - their own members: the members their account is paired with (profile_members) and the children
//   they are a guardian of (guardians.account);
// - as a trainer, the groups one of their own member records trains (a relation, not a role), and the
//   members of those groups.
// Each set is a subquery, so a rule is one condition inside the statement that reads the rows.

// biome-ignore lint/suspicious/noExplicitAny: subqueries over the declared tables
type Eb = any;

/**
 * A row rule that leaves the office every row and gives anyone else the rows `condition` selects
 * (false: none).
 */
export function personal(
  condition: (person: Person, eb: Eb) => unknown,
): (person: Person) => RowCondition | undefined;
export function personal(condition: false): (person: Person) => false | undefined;
export function personal(condition: ((person: Person, eb: Eb) => unknown) | false) {
  return (person: Person) => {
    if (isOffice(person.roles)) return undefined;
    if (condition === false) return false;
    return ((eb: Eb) => condition(person, eb)) as RowCondition;
  };
}

/** Whether the person is the office (for RowAccess.create and .delete). */
export const officeOnly = (person: Person) => isOffice(person.roles);

/** The members the person's account is paired with: their own member records. */
export const selfMembers = (eb: Eb, person: Person) =>
  eb.selectFrom('profile_members').select('member').where('profile', '=', person.userId);

/** The members the person is a guardian of (their account named on the guardian record). */
export const children = (eb: Eb, person: Person) =>
  eb.selectFrom('guardians').select('member').where('account', '=', person.userId);

/**
 * The person's own members, themselves and their children, as one set: a rule is then one `in` of a
 * small set, which both databases start from, not an `or` of several, which they test row by row.
 */
export const ownMembers = (eb: Eb, person: Person) => selfMembers(eb, person).union(children(eb, person));

/** `column` (a member id) names one of the person's own members: themselves or a child. */
export const isOwnMember = (eb: Eb, column: string, person: Person) =>
  eb(column, 'in', ownMembers(eb, person));

/** The groups one of the person's own member records trains. */
export const trainedGroups = (eb: Eb, person: Person) =>
  eb
    .selectFrom('training_groups_trainers')
    .select('owner_id')
    .where('target_id', 'in', selfMembers(eb, person));

/** A membership counts for a trainer until a year after it ended (attendance and results of the season). */
const lastYear = () => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
};

/** The members of the groups the person trains. */
export const trainees = (eb: Eb, person: Person) =>
  eb
    .selectFrom('group_members')
    .select('member_id')
    .where('group_id', 'in', trainedGroups(eb, person))
    .where((inner: Eb) => inner.or([inner('valid_to', 'is', null), inner('valid_to', '>=', lastYear())]));

/** The groups the person's own members are in. */
export const ownGroups = (eb: Eb, person: Person) =>
  eb
    .selectFrom('group_members')
    .select('group_id')
    .where((inner: Eb) => isOwnMember(inner, 'member_id', person));

/** `column` (a group id) names a group the person trains. */
export const isTrainedGroup = (eb: Eb, column: string, person: Person) =>
  eb(column, 'in', trainedGroups(eb, person));

/** `column` (a member id) names one of the person's own members or one they train. */
export const isOwnOrTrainee = (eb: Eb, column: string, person: Person) =>
  eb(column, 'in', ownMembers(eb, person).union(trainees(eb, person)));

/** The person trains at least one group. */
export const isTrainer = (eb: Eb, person: Person) => eb.exists(trainedGroups(eb, person));

/** A condition no row meets. */
export const noRow = () => sql<boolean>`1 = 0`;
