import type { Home } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import type { TileContext, TileDeclaration } from './home-tile.ts';
import { medicalChecksDue, registerProblemsTile } from './obligation-tiles.ts';
import { overduePayments, pendingInvitations, signUpDeadlines } from './office-tiles.ts';
import { ownEvents, ownNextTrainings, ownPaymentsDue } from './own-tiles.ts';
import { attendanceToTake, attendanceTrend } from './trainer-tiles.ts';

/**
 * The home screen's tiles in the order shown: what a trainer does this week, what the person's own
 * members have coming, what the office has to handle. Each tile says itself whether it is for the person.
 */
export const HOME_TILES: readonly TileDeclaration[] = [
  attendanceToTake,
  attendanceTrend,
  ownNextTrainings,
  ownEvents,
  ownPaymentsDue,
  overduePayments,
  medicalChecksDue,
  signUpDeadlines,
  pendingInvitations,
  registerProblemsTile,
];

/** The person's home screen: every tile meant for them, read at once. */
export async function homeOf(context: Omit<TileContext, 'today'>): Promise<Home> {
  const full: TileContext = { ...context, today: pragueToday(context.now) };
  const tiles = await Promise.all(HOME_TILES.map((tile) => tile.load(full)));
  return { tiles: tiles.filter((tile) => tile !== null) };
}
