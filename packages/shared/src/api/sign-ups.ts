/**
 * Where a sign-up stands on a list with places (a camp's): with a place, or waiting for one. Labels as
 * the participants' list and filter show them.
 */
export const SIGN_UP_STATUS_OPTIONS = [
  { value: 'ACCEPTED', label: 'Účastník' },
  { value: 'WAITING', label: 'Čeká na místo' },
] as const;
export type SignUpStatus = (typeof SIGN_UP_STATUS_OPTIONS)[number]['value'];

/** One person signed up for a record (a camp, a race): who, and where they stand. */
export interface SignUpRow {
  /** The sign-up's id and version (to change or remove it). */
  id: number;
  version: number;
  memberId: number;
  /** The member as sentences name them (`Eva Čermáková`). */
  memberName: string;
  /** The member as lists show them (`Čermáková Eva`). */
  memberLabel: string;
  /** Place on the waiting list, 1 first; null for one with a place. */
  waitingPosition: number | null;
}

/**
 * A record's sign-ups, as the engine serves a declaration's `signUps`: those with a place, in the order
 * they signed up (by name where there are no places to wait for), and those waiting, first first.
 */
export interface SignUpList<Row extends SignUpRow = SignUpRow> {
  /** How many may have a place; null for no limit. */
  capacity: number | null;
  participants: Row[];
  waiting: Row[];
}
