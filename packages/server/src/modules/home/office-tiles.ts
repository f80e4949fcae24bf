import { type HomeItem, isOffice, type Money } from '@klubovna/shared';
import { addDays, czechDate } from '@klubovna/shared/time/prague';
import { czechCount } from '@klubovna/shared/validation/czech-messages';
import { filteredList, screenLink, TILE_ITEMS, type TileDeclaration } from './home-tile.ts';

// The office's tiles: sign-up deadlines coming, invitations nobody accepted, payments past due.

/** Days ahead a sign-up deadline counts as coming. */
export const DEADLINE_DAYS = 14;

const SIGN_UPS = { one: 'uzávěrka přihlášek', few: 'uzávěrky přihlášek', many: 'uzávěrek přihlášek' };
const INVITATIONS = { one: 'pozvánka čeká', few: 'pozvánky čekají', many: 'pozvánek čeká' };
const PAYMENTS = { one: 'platba je', few: 'platby jsou', many: 'plateb je' };
const PLACES = { one: 'volné místo', few: 'volná místa', many: 'volných míst' };

/** Camps and races whose sign-ups close within the next days, with the places still free. */
export const signUpDeadlines: TileDeclaration = {
  key: 'sign-up-deadlines',
  load: async ({ db, person, today, entities }) => {
    if (!isOffice(person.roles)) return null;
    const until = addDays(today, DEADLINE_DAYS);
    const accepted =
      (table: string, column: string, parent: string) =>
      // biome-ignore lint/suspicious/noExplicitAny: a count over the declared tables
      (eb: any) =>
        eb
          .selectFrom(`${table} as p`)
          .select(eb.fn.countAll().as('n'))
          .whereRef(`p.${column}`, '=', `${parent}.id`)
          .where('p.status', '=', 'ACCEPTED')
          .as('taken');
    const [camps, races] = await Promise.all([
      db
        .selectFrom('camps as c')
        .select([
          'c.id',
          'c.name',
          'c.registration_deadline',
          'c.capacity',
          accepted('camp_participants', 'camp', 'c'),
        ])
        .where('c.registration_deadline', '>=', today)
        .where('c.registration_deadline', '<=', until)
        .orderBy('c.registration_deadline')
        .execute(),
      db
        .selectFrom('races as r')
        .select(['r.id', 'r.name', 'r.registration_deadline'])
        .where('r.registration_deadline', '>=', today)
        .where('r.registration_deadline', '<=', until)
        .orderBy('r.registration_deadline')
        .execute(),
    ]);
    const freePlaces = (capacity: unknown, taken: unknown) =>
      capacity === null ? null : Math.max(0, Number(capacity) - Number(taken));
    const all = [
      ...camps.map((row) => ({
        id: Number(row.id),
        name: String(row.name),
        deadline: String(row.registration_deadline),
        alias: 'camp',
        kind: 'Soustředění',
        free: freePlaces(row.capacity, row.taken),
      })),
      ...races.map((row) => ({
        id: Number(row.id),
        name: String(row.name),
        deadline: String(row.registration_deadline),
        alias: 'race',
        kind: 'Závod',
        free: null,
      })),
    ].sort((a, b) => a.deadline.localeCompare(b.deadline));
    const items: HomeItem[] = all.slice(0, TILE_ITEMS).map((row) => {
      const places =
        row.free === null ? '' : `, ${row.free === 0 ? 'obsazeno' : czechCount(row.free, PLACES)}`;
      return {
        label: `${row.kind} ${row.name}`,
        detail: `přihlášky do ${czechDate(row.deadline)}${places}`,
        link: screenLink(entities, row.alias, row.id),
        tone: row.deadline === today ? 'warning' : 'neutral',
      };
    });
    return {
      key: 'sign-up-deadlines',
      title: 'Uzávěrky přihlášek',
      count: all.length,
      summary:
        all.length === 0
          ? `V příštích ${DEADLINE_DAYS} dnech nekončí přihlášky na žádné soustředění ani závod.`
          : `V příštích ${DEADLINE_DAYS} dnech: ${czechCount(all.length, SIGN_UPS)}.`,
      link: screenLink(entities, 'camp'),
      linkLabel: 'Soustředění',
      items,
    };
  },
};

/** Accounts invited whose invitation is still open. */
export const pendingInvitations: TileDeclaration = {
  key: 'pending-invitations',
  load: async ({ db, person, now, entities }) => {
    if (!isOffice(person.roles)) return null;
    const pending = db
      .selectFrom('users')
      .where('invitation', '=', 'pending')
      .where('invitation_expires_at', '>', now.toISOString());
    const [counted, rows] = await Promise.all([
      pending.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      pending
        .select(['id', 'email', 'invitation_expires_at'])
        .orderBy('invitation_expires_at')
        .limit(TILE_ITEMS)
        .execute(),
    ]);
    const count = Number(counted?.n ?? 0);
    return {
      key: 'pending-invitations',
      title: 'Nepřijaté pozvánky',
      count,
      summary:
        count === 0 ? 'Všechny pozvánky jsou přijaté.' : `${czechCount(count, INVITATIONS)} na přijetí.`,
      link: screenLink(entities, 'user'),
      linkLabel: 'Uživatelé',
      items: rows.map((row) => ({
        label: String(row.email),
        detail: `odkaz platí do ${czechDate(new Date(row.invitation_expires_at))}`,
        link: screenLink(entities, 'user', Number(row.id)),
        tone: 'neutral',
      })),
    };
  },
};

/** Payment requests still (partly) unpaid after their due date, with what is missing. */
export const overduePayments: TileDeclaration = {
  key: 'overdue-payments',
  load: async ({ db, person, today, entities }) => {
    if (!isOffice(person.roles)) return null;
    const overdue = db
      .selectFrom('payments as p')
      .where('p.state', 'in', ['UNPAID', 'PARTLY_PAID'])
      .where('p.due_date', '<', today);
    const [sums, rows] = await Promise.all([
      overdue
        .select((eb) => [
          'p.amount_currency',
          eb.fn.countAll().as('n'),
          eb.fn.sum('p.amount_amount').as('amount'),
          eb.fn.sum(eb.fn.coalesce('p.paid_amount_amount', eb.val(0))).as('paid'),
        ])
        .groupBy('p.amount_currency')
        .execute(),
      overdue
        .innerJoin('members as m', 'm.id', 'p.member')
        .select(['p.id', 'p.title', 'p.due_date', 'm.first_name', 'm.last_name'])
        .orderBy('p.due_date')
        .orderBy('p.id')
        .limit(TILE_ITEMS)
        .execute(),
    ]);
    const count = sums.reduce((total, row) => total + Number(row.n), 0);
    const amounts: Money[] = sums.map((row) => ({
      amount: Number(row.amount) - Number(row.paid),
      currency: String(row.amount_currency),
    }));
    return {
      key: 'overdue-payments',
      title: 'Platby po splatnosti',
      count,
      summary:
        count === 0 ? 'Žádná platba není po splatnosti.' : `${czechCount(count, PAYMENTS)} po splatnosti.`,
      link: filteredList(screenLink(entities, 'payment'), {
        'filter[state]': ['UNPAID', 'PARTLY_PAID'],
        'filter[dueDate][to]': addDays(today, -1),
      }),
      linkLabel: 'Platby po splatnosti',
      items: rows.map((row) => ({
        label: `${row.first_name} ${row.last_name}`,
        detail: `${row.title}, splatnost ${czechDate(String(row.due_date))}`,
        link: screenLink(entities, 'payment', Number(row.id)),
        tone: 'danger',
      })),
      amounts,
    };
  },
};
