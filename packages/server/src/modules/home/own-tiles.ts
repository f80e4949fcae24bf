import type { HomeItem, Money, MyClub } from '@klubovna/shared';
import { czechDate, czechTime, pragueToday } from '@klubovna/shared/time/prague';
import { czechCount } from '@klubovna/shared/validation/czech-messages';
import { myClub } from '../people/index.ts';
import { oncePerRequest, TILE_ITEMS, type TileDeclaration } from './home-tile.ts';

// A member's or parent's tiles, about their own members (themselves, their children): the next
// trainings, the camps and races they are signed up for, what they owe.

const MY_CLUB = '/admin/muj-klub';
const TRAININGS = { one: 'trénink', few: 'tréninky', many: 'tréninků' };
const EVENTS = { one: 'akce', few: 'akce', many: 'akcí' };
const PAYMENTS = { one: 'platba', few: 'platby', many: 'plateb' };

// The three tiles read the same page of the person's own members once per request.
const ownClub = oncePerRequest((context) => myClub(context.db, context.person.userId));

/**
 * Whether an own tile is left out: the person has no own members, or trains a group (a trainer's
 * home is their groups) and the tile has nothing to say.
 */
const leftOut = (club: MyClub, count: number) =>
  club.members.length === 0 || (club.trains.length > 0 && count === 0);

const firstName = (club: MyClub, memberId: number) =>
  club.members.find((member) => member.id === memberId)?.firstName ?? '';

/** The next trainings of the person's own members' groups. */
export const ownNextTrainings: TileDeclaration = {
  key: 'own-next-trainings',
  load: async (context) => {
    const club = await ownClub(context);
    if (club.members.length === 0) return null;
    const several = club.members.length > 1;
    const trainings = club.members
      .flatMap((member) =>
        member.nextTrainings.map((training) => ({
          ...training,
          who: several ? `${member.firstName}: ` : '',
        })),
      )
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    if (leftOut(club, trainings.length)) return null;
    const items: HomeItem[] = trainings.slice(0, TILE_ITEMS).map((training) => {
      const startsAt = new Date(training.startsAt);
      const day = pragueToday(startsAt) === context.today ? 'dnes' : czechDate(startsAt);
      return {
        label: `${training.who}${training.groupName}`,
        detail: `${day} v ${czechTime(startsAt)}${training.place ? `, ${training.place}` : ''}${training.cancelled ? ' – zrušeno' : ''}`,
        link: null,
        tone: training.cancelled ? 'warning' : 'neutral',
      };
    });
    return {
      key: 'own-next-trainings',
      title: 'Nejbližší tréninky',
      count: trainings.length,
      summary:
        trainings.length === 0
          ? 'Žádný trénink není naplánovaný.'
          : `Naplánováno: ${czechCount(trainings.length, TRAININGS)}.`,
      link: MY_CLUB,
      linkLabel: 'Můj klub',
      items,
    };
  },
};

/** Camps and races still to come that the person's own members are signed up for. */
export const ownEvents: TileDeclaration = {
  key: 'own-events',
  load: async (context) => {
    const club = await ownClub(context);
    if (club.members.length === 0) return null;
    const ids = club.members.map((member) => member.id);
    // biome-ignore lint/suspicious/noExplicitAny: sign-ups over the declared tables
    const signUps = (parents: string, participants: string, column: string): any =>
      context.db
        .selectFrom(`${participants} as p`)
        .innerJoin(`${parents} as e`, 'e.id', `p.${column}`)
        .select(['e.id', 'e.name', 'e.date_from', 'p.member'])
        .where('p.member', 'in', ids)
        // biome-ignore lint/suspicious/noExplicitAny: a condition over the declared tables
        .where((eb: any) => eb(eb.fn.coalesce('e.date_to', 'e.date_from'), '>=', context.today));
    const [camps, races] = await Promise.all([
      signUps('camps', 'camp_participants', 'camp').select('p.status').execute(),
      signUps('races', 'race_participants', 'race').execute(),
    ]);
    const several = club.members.length > 1;
    const events = [
      ...camps.map((row: Record<string, unknown>) => ({ ...row, kind: 'Soustředění' })),
      ...races.map((row: Record<string, unknown>) => ({ ...row, kind: 'Závod', status: null })),
    ].sort((a, b) => String(a.date_from).localeCompare(String(b.date_from)));
    if (leftOut(club, events.length)) return null;
    return {
      key: 'own-events',
      title: 'Soustředění a závody',
      count: events.length,
      summary:
        events.length === 0
          ? 'Žádné přihlášky na soustředění ani závody.'
          : `Přihlášeno: ${czechCount(events.length, EVENTS)}.`,
      link: null,
      linkLabel: null,
      items: events.slice(0, TILE_ITEMS).map((row) => ({
        label: `${several ? `${firstName(club, Number(row.member))}: ` : ''}${row.kind} ${row.name}`,
        detail: `od ${czechDate(String(row.date_from))}${row.status === 'WAITING' ? ', čeká na místo' : ''}`,
        link: null,
        tone: row.status === 'WAITING' ? 'warning' : 'neutral',
      })),
    };
  },
};

const STILL_TO_PAY = new Set(['UNPAID', 'PARTLY_PAID']);

/** What the person's own members still owe. */
export const ownPaymentsDue: TileDeclaration = {
  key: 'own-payments',
  load: async (context) => {
    const club = await ownClub(context);
    if (club.members.length === 0) return null;
    const several = club.members.length > 1;
    const due = club.members
      .flatMap((member) =>
        member.payments
          .filter((payment) => STILL_TO_PAY.has(payment.state))
          .map((payment) => ({ ...payment, who: several ? `${member.firstName}: ` : '' })),
      )
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    if (leftOut(club, due.length)) return null;
    const sums = new Map<string, number>();
    for (const payment of due)
      sums.set(
        payment.amount.currency,
        (sums.get(payment.amount.currency) ?? 0) + payment.amount.amount - payment.paidAmount.amount,
      );
    const amounts: Money[] = [...sums].map(([currency, amount]) => ({ amount, currency }));
    return {
      key: 'own-payments',
      title: 'K zaplacení',
      count: due.length,
      summary: due.length === 0 ? 'Nic nedlužíte.' : `Nezaplaceno: ${czechCount(due.length, PAYMENTS)}.`,
      link: MY_CLUB,
      linkLabel: 'Platební údaje a QR kód',
      items: due.slice(0, TILE_ITEMS).map((payment) => ({
        label: `${payment.who}${payment.title}`,
        detail: `splatnost ${czechDate(payment.dueDate)}`,
        link: null,
        tone: payment.dueDate < context.today ? 'danger' : 'neutral',
      })),
      amounts,
    };
  },
};
