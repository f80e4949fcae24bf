import { apiPath, isOffice, SIGN_UP_STATUS_OPTIONS, type SignUpList, type SignUpRow } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { testEngines } from '../../test/test-app.ts';
import { FIXTURE_ENTITIES, memberFixture, startFixtureApp } from '../../test/test-entities.ts';
import type { EntityDeclaration, RowAccess } from '../declaration/entity.types.ts';
import { compileRegistry } from '../declaration/registry.ts';

const TRIP_LIST = '/api/test/vylety/:id/ucastnici';
const CUP_LIST = '/api/test/pohary/:id/hraci';

/** A trip for so many people: what its sign-ups wait for. */
const tripFixture: EntityDeclaration = {
  alias: 'test-trip',
  table: 'test_trips',
  labels: {
    singular: 'Výlet',
    plural: 'Výlety',
    count: { one: 'výlet', few: 'výlety', many: 'výletů' },
    accusative: { one: 'výlet', few: 'výlety', many: 'výletů' },
  },
  area: 'training',
  screens: 'api-only',
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 100 },
    capacity: { kind: 'integer', label: 'Kapacita', min: 1 },
    deadline: { kind: 'date', label: 'Přihlášky do' },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name'],
  labelFields: ['name'],
};

/**
 * A person outside the office reads and changes the sign-ups of the fixture member whose registration
 * number is `U<their user id>`.
 */
const OWN_SIGN_UPS: RowAccess = {
  read: (person) =>
    isOffice(person.roles)
      ? undefined
      : (eb) =>
          eb(
            'member',
            'in',
            eb.selectFrom('test_members').select('id').where('registration_number', '=', `U${person.userId}`),
          ),
};

/** What the trip list's effects were run for, in order: the fixture's own module work. */
const effects: string[] = [];

/**
 * A member on a trip's list, with places and a waiting list. Its own rule, run after the list's,
 * numbers the sign-up in its note; its effects record what they were run for.
 */
const tripPlaceFixture: EntityDeclaration = {
  alias: 'test-trip-place',
  table: 'test_trip_places',
  labels: { singular: 'Účastník výletu', plural: 'Účastníci výletů' },
  area: 'training',
  screens: 'api-only',
  rows: OWN_SIGN_UPS,
  fields: {
    trip: {
      kind: 'relation',
      label: 'Výlet',
      required: true,
      relation: { alias: 'test-trip', onDelete: 'delete' },
    },
    member: { kind: 'relation', label: 'Člen', required: true, relation: { alias: 'test-member' } },
    note: { kind: 'text', label: 'Poznámka', maxLength: 100 },
    status: { kind: 'enum', label: 'Stav', options: SIGN_UP_STATUS_OPTIONS, readOnly: true },
    queue: { kind: 'integer', label: 'Pořadí', readOnly: true },
    title: { kind: 'text', label: 'Označení', maxLength: 300, readOnly: true },
  },
  defaultSort: { field: 'queue', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
  signUps: {
    parent: 'trip',
    member: 'member',
    places: { capacity: 'capacity', status: 'status', queue: 'queue' },
    deadline: 'deadline',
    title: 'title',
    list: {
      path: TRIP_LIST,
      label: 'Účastníci výletu',
      fields: ['note'],
      memberFields: ['birthDate'],
      more: async (_reading, trip, signUps) =>
        new Map(signUps.map((signUp) => [signUp.id, { more: `${trip.name} ${signUp.memberId}` }])),
    },
    effects: {
      placed: async ({ db }, signUp, trip) => {
        // Given the write's transaction, which sees the sign-up.
        const row = await db
          .selectFrom('test_trip_places')
          .select('status')
          .where('id', '=', signUp.id)
          .executeTakeFirst();
        effects.push(`placed ${signUp.member} ${trip.name} ${row?.status}`);
      },
      left: async (_work, signUp, trip, { withParent }) => {
        effects.push(`left ${signUp.member} ${trip.name}${withParent ? ' with it' : ''}`);
      },
    },
  },
  hooks: {
    beforeCreate: ({ data }) => (data.note ? undefined : { ...data, note: `Přihláška č. ${data.queue}` }),
  },
};

/** A cup and its players: a sign-up list without places, in the order of the players' names. */
const cupFixture: EntityDeclaration = {
  ...tripFixture,
  alias: 'test-cup',
  table: 'test_cups',
  labels: { singular: 'Pohár', plural: 'Poháry' },
  fields: { name: tripFixture.fields.name!, deadline: tripFixture.fields.deadline! },
};

const cupPlayerFixture: EntityDeclaration = {
  alias: 'test-cup-player',
  table: 'test_cup_players',
  labels: { singular: 'Hráč poháru', plural: 'Hráči poháru' },
  area: 'races',
  screens: 'api-only',
  rows: OWN_SIGN_UPS,
  fields: {
    cup: {
      kind: 'relation',
      label: 'Pohár',
      required: true,
      relation: { alias: 'test-cup', onDelete: 'delete' },
    },
    member: { kind: 'relation', label: 'Člen', required: true, relation: { alias: 'test-member' } },
    shirt: { kind: 'integer', label: 'Číslo dresu' },
  },
  defaultSort: { field: 'shirt', direction: 'asc' },
  searchFields: [],
  labelFields: ['shirt'],
  signUps: {
    parent: 'cup',
    member: 'member',
    deadline: 'deadline',
    twice: ({ member, parent }) => `${member} už za pohár ${parent} hraje.`,
    list: {
      path: CUP_LIST,
      label: 'Hráči poháru',
      fields: ['shirt'],
      details: (cup) => ({ cupName: cup.name }),
    },
  },
};

const SIGN_UP_FIXTURES = [tripFixture, tripPlaceFixture, cupFixture, cupPlayerFixture];

interface TripRow extends SignUpRow {
  note: string | null;
  birthDate: string | null;
}

const shiftedDay = (days: number) => {
  const day = new Date(`${pragueToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

describe('a sign-up list declared wrongly', () => {
  const compiled = (changes: Partial<NonNullable<EntityDeclaration['signUps']>>) => () =>
    compileRegistry([
      ...FIXTURE_ENTITIES,
      tripFixture,
      { ...tripPlaceFixture, signUps: { ...tripPlaceFixture.signUps!, ...changes } },
    ]);

  it('stops the start naming what is wrong', () => {
    expect(compiled({ places: { capacity: 'name', status: 'status', queue: 'queue' } })).toThrow(
      'signUps of test-trip-place: name must be an integer field of test-trip',
    );
    expect(compiled({ places: { capacity: 'capacity', status: 'note', queue: 'queue' } })).toThrow(
      'note must be a read-only enum field',
    );
    expect(compiled({ parent: 'member' })).toThrow(
      'member must be a required relation deleting its sign-ups',
    );
    expect(compiled({ deadline: 'name' })).toThrow('name must be a date field of test-trip');
    expect(
      compiled({ list: { path: TRIP_LIST, label: 'x', fields: ['note'], memberFields: ['note'] } }),
    ).toThrow("the list's rows would hold note twice");
    expect(compiled({})).not.toThrow();
  });
});

describe.each(testEngines())('sign-up lists on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startFixtureApp>>;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const member = (lastName: string, extra: Record<string, unknown> = {}) =>
    created(memberFixture.alias, { firstName: 'Jan', lastName, ...extra });
  const trip = (name: string, capacity: number | null) => created('test-trip', { name, capacity });
  const signUp = (tripId: number, memberId: number) =>
    created('test-trip-place', { trip: tripId, member: memberId });
  const list = async (tripId: number, client = root) => {
    const response = await client.get(apiPath(TRIP_LIST, { id: tripId }));
    expect(response.status, response.text).toBe(200);
    return response.body.data as SignUpList<TripRow>;
  };
  const names = async (tripId: number) => {
    const { participants, waiting } = await list(tripId);
    const surname = (row: SignUpRow) => row.memberLabel.split(' ')[0];
    return { participants: participants.map(surname), waiting: waiting.map(surname) };
  };
  const setCapacity = async (tripId: number, capacity: number | null) => {
    const current = (await root.get(`/api/cms/form/test-trip/${tripId}`)).body.data;
    const saved = await root.put(`/api/cms/form/test-trip/${tripId}`, { capacity, version: current.version });
    expect(saved.status, saved.text).toBe(200);
  };
  const leave = async (id: number) =>
    expect((await root.delete(`/api/cms/form/test-trip-place/${id}`)).status).toBe(200);

  beforeAll(async () => {
    t = await startFixtureApp(engine, SIGN_UP_FIXTURES);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('gives places up to the capacity and puts the next on a waiting list in the order they signed up', async () => {
    const summer = await trip('Krkonoše', 2);
    const people = [];
    for (const surname of ['Adámek', 'Bílý', 'Cibulka', 'Dvořák']) people.push(await member(surname));
    const places = [];
    for (const person of people) places.push(await signUp(summer.id, person.id));
    expect(places.map((place) => [place.status, place.queue, place.title, place.note])).toEqual([
      ['ACCEPTED', 1, 'Jan Adámek – Krkonoše', 'Přihláška č. 1'],
      ['ACCEPTED', 2, 'Jan Bílý – Krkonoše', 'Přihláška č. 2'],
      ['WAITING', 3, 'Jan Cibulka – Krkonoše', 'Přihláška č. 3'],
      ['WAITING', 4, 'Jan Dvořák – Krkonoše', 'Přihláška č. 4'],
    ]);
    const answer = await list(summer.id);
    expect(answer.capacity).toBe(2);
    expect(answer.participants.map((row) => [row.memberName, row.memberLabel, row.waitingPosition])).toEqual([
      ['Jan Adámek', 'Adámek Jan', null],
      ['Jan Bílý', 'Bílý Jan', null],
    ]);
    expect(answer.waiting.map((row) => [row.memberLabel, row.waitingPosition, row.note])).toEqual([
      ['Cibulka Jan', 1, 'Přihláška č. 3'],
      ['Dvořák Jan', 2, 'Přihláška č. 4'],
    ]);
    expect(answer.waiting[0]).toMatchObject({
      id: places[2].id,
      version: 1,
      memberId: people[2].id,
      birthDate: null,
    });

    // A second sign-up of one member is refused in the default words; so is a move to another trip.
    const twice = await root.post('/api/cms/form/test-trip-place', { trip: summer.id, member: people[2].id });
    expect(twice.body.validationErrors).toEqual([
      { path: 'member', message: 'Jan Cibulka už čeká na místo: Krkonoše.' },
    ]);
    const other = await trip('Šumava', null);
    const moved = await root.put(`/api/cms/form/test-trip-place/${places[0].id}`, {
      trip: other.id,
      version: places[0].version,
    });
    expect(moved.body.validationErrors).toEqual([
      { path: 'trip', message: 'Přihlášku nelze přesunout jinam: odhlaste ji a přihlaste člena znovu.' },
    ]);
  });

  it('moves the first waiting up when a place frees, in the same transaction, and nobody when a waiting one leaves', async () => {
    const autumn = await trip('Jizerky', 2);
    const people = [];
    for (const surname of ['Eliáš', 'Fiala', 'Gregor', 'Hora']) people.push(await member(surname));
    const places = [];
    for (const person of people) places.push(await signUp(autumn.id, person.id));

    await leave(places[0].id);
    expect(await names(autumn.id)).toEqual({ participants: ['Fiala', 'Gregor'], waiting: ['Hora'] });
    const movedUp = (await root.get(`/api/cms/form/test-trip-place/${places[2].id}`)).body.data;
    expect(movedUp).toMatchObject({ status: 'ACCEPTED', version: 2 });
    const history = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'test-trip-place')
      .where('record_id', '=', places[2].id)
      .orderBy('id')
      .execute();
    expect(history.map((row) => [row.action, JSON.parse(String(row.changes)).status])).toEqual([
      ['create', { from: null, to: 'WAITING' }],
      ['update', { from: 'WAITING', to: 'ACCEPTED' }],
    ]);

    // One waiting leaves: the rest move up the list, nobody gets a place.
    const ivan = await signUp(autumn.id, (await member('Ivan')).id);
    await leave(places[3].id);
    expect(await names(autumn.id)).toEqual({ participants: ['Fiala', 'Gregor'], waiting: ['Ivan'] });
    expect((await list(autumn.id)).waiting[0]).toMatchObject({ id: ivan.id, waitingPosition: 1 });
  });

  it('lets the waiting in when the capacity grows and moves nobody out when it shrinks', async () => {
    const winter = await trip('Beskydy', 1);
    const people = [];
    for (const surname of ['Janda', 'Kos', 'Liška', 'Malý']) people.push(await member(surname));
    for (const person of people) await signUp(winter.id, person.id);
    expect(await names(winter.id)).toEqual({ participants: ['Janda'], waiting: ['Kos', 'Liška', 'Malý'] });

    await setCapacity(winter.id, 3);
    expect(await names(winter.id)).toEqual({ participants: ['Janda', 'Kos', 'Liška'], waiting: ['Malý'] });

    await setCapacity(winter.id, 1);
    const smaller = await list(winter.id);
    expect(smaller.capacity).toBe(1);
    expect(await names(winter.id)).toEqual({ participants: ['Janda', 'Kos', 'Liška'], waiting: ['Malý'] });
    // Still over the capacity: a freed place goes to nobody, a new sign-up waits.
    await leave(smaller.participants[0]!.id);
    const novak = await signUp(winter.id, (await member('Novák')).id);
    expect(novak.status).toBe('WAITING');
    expect(await names(winter.id)).toEqual({ participants: ['Kos', 'Liška'], waiting: ['Malý', 'Novák'] });

    // No limit at all: everyone waiting gets a place.
    await setCapacity(winter.id, null);
    expect(await list(winter.id)).toMatchObject({ capacity: null, waiting: [] });
    expect((await names(winter.id)).participants).toEqual(['Kos', 'Liška', 'Malý', 'Novák']);
  });

  it('holds in the list only the sign-ups the person may read, each at its true place in the queue', async () => {
    const spring = await trip('Pálava', 1);
    const { client, user } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const first = await member('Olejník');
    const mine = await member('Pokorný', { registrationNumber: `U${user.id}`, birthDate: '2014-05-06' });
    await signUp(spring.id, first.id);
    await signUp(spring.id, (await member('Rada')).id);
    await signUp(spring.id, mine.id);
    const seen = await list(spring.id, client);
    expect(seen.participants).toEqual([]);
    expect(seen.waiting.map((row) => [row.memberLabel, row.waitingPosition, row.birthDate])).toEqual([
      ['Pokorný Jan', 2, '2014-05-06'],
    ]);
    expect((await list(spring.id)).waiting).toHaveLength(2);
  });

  it('refuses a sign-up after the deadline to a person whom row rules limit, not to the office', async () => {
    const { client, user } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const mine = await member('Zeman', { registrationNumber: `U${user.id}` });
    const open = await created('test-trip', { name: 'Tatry', deadline: shiftedDay(0) });
    const closed = await created('test-trip', { name: 'Pieniny', deadline: shiftedDay(-1) });
    // On the deadline's day a sign-up is still taken.
    expect(
      (await client.post('/api/cms/form/test-trip-place', { trip: open.id, member: mine.id })).status,
    ).toBe(201);
    const late = await client.post('/api/cms/form/test-trip-place', { trip: closed.id, member: mine.id });
    expect(late.status).toBe(400);
    const closedOn = shiftedDay(-1).split('-').map(Number).reverse().join('. ');
    expect(late.body.validationErrors).toEqual([
      { path: 'trip', message: `Přihlášky na výlet Pieniny skončily ${closedOn}.` },
    ]);
    expect((await list(closed.id)).participants).toEqual([]);
    // The office still signs up a latecomer.
    expect((await signUp(closed.id, mine.id)).status).toBe('ACCEPTED');

    // A parent without accusative labels is named by its label alone.
    const cup = await created('test-cup', { name: 'Zimní pohár', deadline: shiftedDay(-1) });
    const refused = await client.post('/api/cms/form/test-cup-player', { cup: cup.id, member: mine.id });
    expect(refused.body.validationErrors).toEqual([
      { path: 'cup', message: `Zimní pohár: přihlášky skončily ${closedOn}.` },
    ]);
  });

  it('runs the declared effects when a sign-up gets a place or leaves, and adds each row’s more', async () => {
    effects.length = 0;
    const hills = await trip('Brdy', 1);
    const first = await member('Šafář');
    const second = await member('Tichý');
    const place = await signUp(hills.id, first.id);
    // Who waits has no place yet: nothing runs for them.
    await signUp(hills.id, second.id);
    expect(effects).toEqual([`placed ${first.id} Brdy ACCEPTED`]);
    await leave(place.id);
    expect(effects).toEqual([
      `placed ${first.id} Brdy ACCEPTED`,
      `left ${first.id} Brdy`,
      `placed ${second.id} Brdy ACCEPTED`,
    ]);
    expect((await list(hills.id)).participants).toMatchObject([
      { memberId: second.id, more: `Brdy ${second.id}` },
    ]);
    effects.length = 0;
    expect((await root.delete(`/api/cms/form/test-trip/${hills.id}`)).status).toBe(200);
    expect(effects).toEqual([`left ${second.id} Brdy with it`]);
  });

  it('lists a parent without places by the members’ names, with its own refusal and details', async () => {
    const cup = await created('test-cup', { name: 'Letní pohár' });
    for (const [surname, shirt] of [
      ['Veselý', 9],
      ['Adamec', 4],
      ['Šimek', 11],
    ] as const)
      await created('test-cup-player', { cup: cup.id, member: (await member(surname)).id, shirt });
    const response = await root.get(apiPath(CUP_LIST, { id: cup.id }));
    expect(response.status, response.text).toBe(200);
    const answer = response.body.data as SignUpList<SignUpRow & { shirt: number }> & { cupName: string };
    expect(answer).toMatchObject({ capacity: null, waiting: [], cupName: 'Letní pohár' });
    expect(answer.participants.map((row) => [row.memberLabel, row.shirt, row.waitingPosition])).toEqual([
      ['Adamec Jan', 4, null],
      ['Šimek Jan', 11, null],
      ['Veselý Jan', 9, null],
    ]);
    const twice = await root.post('/api/cms/form/test-cup-player', {
      cup: cup.id,
      member: answer.participants[0]!.memberId,
    });
    expect(twice.body.validationErrors).toEqual([
      { path: 'member', message: 'Jan Adamec už za pohár Letní pohár hraje.' },
    ]);
  });
});
