import { API_PATHS, apiPath, type Money, PROFILE_ROLE } from '@klubovna/shared';
import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '../db/dialect.ts';
import { signedInClient } from './fixtures.ts';
import type { HttpClient } from './http-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

// The set-up the camp-fee and race-fee tests share: an app with the club's bank account, members, a
// trainer and a guardian signed in, and the calls on the camp or race, its sign-ups and its requests.

export const CZK = (amount: number): Money => ({ amount, currency: 'CZK' });

/** A payment request as the office lists it. */
export interface FeeRequest {
  id: number;
  version: number;
  member: number;
  camp: number | null;
  race: number | null;
  title: string;
  amount: Money;
  dueDate: string;
  state: string;
  cancelled: boolean;
  variableSymbol: string;
  spayd: string | null;
  note: string | null;
}

/** What a fee is asked for: a camp or a race, as its API names it. */
export interface FeeSubject {
  alias: 'camp' | 'race';
  signUp: 'camp-participant' | 'race-participant';
  /** The field of its price. */
  price: 'price' | 'entryFee';
  /** The route of its sign-up list. */
  list: typeof API_PATHS.campParticipants | typeof API_PATHS.raceParticipants;
  /** The days of a new one. */
  dates: Record<string, string>;
  /** What the note of a request cancelled by its deletion says, and by its price removed. */
  deleted: string;
  free: string;
}

export const CAMP_FEES: FeeSubject = {
  alias: 'camp',
  signUp: 'camp-participant',
  price: 'price',
  list: API_PATHS.campParticipants,
  // Months ahead of the clock, as a camp that people sign up for.
  dates: { dateFrom: addDays(pragueToday(), 220), dateTo: addDays(pragueToday(), 227) },
  deleted: 'soustředění bylo smazáno',
  free: 'soustředění je nově zdarma',
};

export const RACE_FEES: FeeSubject = {
  alias: 'race',
  signUp: 'race-participant',
  price: 'entryFee',
  list: API_PATHS.raceParticipants,
  dates: { dateFrom: addDays(pragueToday(), 170) },
  deleted: 'závod byl smazán',
  free: 'závod je nově bez startovného',
};

/** Who the tests sign up, by key: first name, last name and member type. */
export interface FeePeople {
  members: Record<string, readonly [string, string, string]>;
  /** The member key of a trainer, signed in as `trainer`, who trains `trainee` in a group. */
  coach: string;
  trainee: string;
  /** The member whose guardian (named so) is signed in as `parent`. */
  child: string;
  guardian: string;
}

type Body = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: a record as the API answers it
type Answer = any;

/** The app, its clients and the calls the tests make on a camp or race, its sign-ups and requests. */
export interface FeeFixture {
  subject: FeeSubject;
  t: TestApp;
  root: HttpClient;
  /** The coach's profile account, and the child's guardian's. */
  trainer: HttpClient;
  parent: HttpClient;
  /** Member ids by key. */
  member: Record<string, number>;
  created(alias: string, body: Body, client?: HttpClient): Promise<Answer>;
  /** A new camp or race of the name. */
  parentOf(name: string, extra: Body): Promise<Answer>;
  /** Changes the camp or race, as the office's form saves it. */
  change(id: number, values: Body): Promise<void>;
  signUp(parentId: number, who: string, client?: HttpClient): Promise<Answer>;
  signOff(signUpId: number): Promise<void>;
  /** The requests of the camp or race, as the office (or `client`) lists them. */
  requestsOf(parentId: number, client?: HttpClient): Promise<FeeRequest[]>;
  requestOf(parentId: number, who: string): Promise<FeeRequest>;
  /** A request by id, as its form reads it (also one no longer pointing at its camp or race). */
  request(id: number): Promise<FeeRequest>;
  /** The state of each one's request in the sign-up list, by last name. */
  states(
    parentId: number,
    client?: HttpClient,
  ): Promise<{ participants: Record<string, string | null>; waiting: Record<string, string | null> }>;
  /** A bank transaction of `amount` (haléře) paying the request. */
  pay(request: FeeRequest, amount: number, transactionId: string): Promise<Answer>;
  /** Restores the record of the alias from the trash. */
  restore(alias: string, recordId: number): Promise<void>;
}

/** Registers the app's start and end; its clients and member ids are there once `beforeAll` has run. */
export function signUpFeeFixture(engine: Engine, subject: FeeSubject, people: FeePeople): FeeFixture {
  const fixture: FeeFixture = {
    subject,
    t: undefined as unknown as TestApp,
    root: undefined as unknown as HttpClient,
    trainer: undefined as unknown as HttpClient,
    parent: undefined as unknown as HttpClient,
    member: {} as Record<string, number>,
    async created(alias: string, body: Body, client = fixture.root) {
      const answer = await client.post(`/api/cms/form/${alias}`, body);
      expect(answer.status, answer.text).toBe(201);
      return answer.body.data;
    },
    parentOf: (name: string, extra: Body) =>
      fixture.created(subject.alias, { name, ...subject.dates, ...extra }),
    async change(id: number, values: Body) {
      const current = (await fixture.root.get(`/api/cms/form/${subject.alias}/${id}`)).body.data;
      const answer = await fixture.root.put(`/api/cms/form/${subject.alias}/${id}`, {
        version: current.version,
        ...values,
      });
      expect(answer.status, answer.text).toBe(200);
    },
    signUp: (parentId: number, who: string, client = fixture.root) =>
      fixture.created(subject.signUp, { [subject.alias]: parentId, member: fixture.member[who] }, client),
    async signOff(signUpId: number) {
      expect((await fixture.root.delete(`/api/cms/form/${subject.signUp}/${signUpId}`)).status).toBe(200);
    },
    async requestsOf(parentId: number, client = fixture.root) {
      const answer = await client.get(
        `/api/cms/datagrid/payment?limit=100&filter[${subject.alias}]=${parentId}`,
      );
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data.items as FeeRequest[];
    },
    async requestOf(parentId: number, who: string) {
      const mine = (await fixture.requestsOf(parentId)).filter(
        (request) => request.member === fixture.member[who],
      );
      expect(mine).toHaveLength(1);
      return mine[0]!;
    },
    request: async (id: number) =>
      (await fixture.root.get(`/api/cms/form/payment/${id}`)).body.data as FeeRequest,
    async states(parentId: number, client = fixture.root) {
      const answer = await client.get(apiPath(subject.list, { id: parentId }));
      expect(answer.status, answer.text).toBe(200);
      const pick = (rows: Array<{ lastName: string; paymentState: string | null }>) =>
        Object.fromEntries(rows.map((row) => [row.lastName, row.paymentState]));
      return { participants: pick(answer.body.data.participants), waiting: pick(answer.body.data.waiting) };
    },
    pay: (request: FeeRequest, amount: number, transactionId: string) =>
      fixture.created('bank-transaction', {
        date: pragueToday(),
        amount: CZK(amount),
        transactionId: `${transactionId}-${engine}`,
        variableSymbol: request.variableSymbol,
        payment: request.id,
      }),
    async restore(alias: string, recordId: number) {
      const trash = await fixture.root.get(`${API_PATHS.trash}?entity=${alias}&limit=100`);
      const entry = (trash.body.data.items as Array<{ id: number; recordId: number }>).find(
        (item) => item.recordId === recordId,
      );
      const answer = await fixture.root.post(apiPath(API_PATHS.trashRestore, { id: entry!.id }), {});
      expect(answer.status, answer.text).toBe(200);
    },
  };

  beforeAll(async () => {
    fixture.t = await startTestApp(engine);
    fixture.root = await fixture.t.signedInAsRoot();
    await fixture.created('web-configuration', {
      clubName: 'SK Klubovna',
      bankAccount: '19-2000145399/0800',
    });
    for (const [key, [firstName, lastName, memberType]] of Object.entries(people.members))
      fixture.member[key] = (await fixture.created('member', { firstName, lastName, memberType })).id;
    const group = await fixture.created('group', {
      name: 'Svěřenci',
      trainers: [fixture.member[people.coach]],
    });
    await fixture.created('group-member', {
      group: group.id,
      member: fixture.member[people.trainee],
      validFrom: '2026-01-01',
    });
    const coachAccount = await signedInClient(fixture.t, { roles: [PROFILE_ROLE] });
    await fixture.created('profile-member', {
      profile: coachAccount.user.id,
      member: fixture.member[people.coach],
    });
    fixture.trainer = coachAccount.client;
    const parentAccount = await signedInClient(fixture.t, { roles: [PROFILE_ROLE] });
    await fixture.created('guardian', {
      member: fixture.member[people.child],
      name: people.guardian,
      account: parentAccount.user.id,
    });
    fixture.parent = parentAccount.client;
  });
  afterAll(() => fixture.t?.close());
  return fixture;
}
