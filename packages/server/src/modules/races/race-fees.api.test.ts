import { formatMoney } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import { describe, expect, it } from 'vitest';
import { CZK, RACE_FEES, signUpFeeFixture } from '../../test/sign-up-fee-fixture.ts';
import { signUpFeeFollowUps } from '../../test/sign-up-fee-follow-ups.ts';
import { testEngines } from '../../test/test-app.ts';

describe.each(testEngines())('race fees on %s', (engine) => {
  const f = signUpFeeFixture(engine, RACE_FEES, {
    members: {
      eva: ['Eva', 'Běžkyně', 'ATHLETE'],
      karel: ['Karel', 'Svěřenec', 'ATHLETE'],
      coach: ['Tomáš', 'Trenér', 'TRAINER'],
    },
    coach: 'coach',
    trainee: 'karel',
    child: 'karel',
    guardian: 'Marie Svěřencová',
  });
  const { requestsOf } = f;
  const race = f.parentOf;
  const enter = f.signUp;
  /** The sign-up list's payment states; a race has no waiting list. */
  const states = async (raceId: number, client = f.root) => (await f.states(raceId, client)).participants;

  it('asks the entry fee of each entry, once, and cancels it when the entry is withdrawn', async () => {
    const tenK = await race('Pražská desítka', { entryFee: CZK(45_000) });
    // A trainer enters their trainee; the parent finds the request among their own payments.
    const karel = await enter(tenK.id, 'karel', f.trainer);
    const [request] = await requestsOf(tenK.id);
    expect(request).toMatchObject({
      member: f.member.karel,
      title: 'Závod Pražská desítka',
      amount: CZK(45_000),
      state: 'UNPAID',
      cancelled: false,
    });
    expect(request!.dueDate <= RACE_FEES.dates.dateFrom!).toBe(true);
    expect((await requestsOf(tenK.id, f.parent)).map((item) => item.id)).toEqual([request!.id]);
    expect(await states(tenK.id, f.parent)).toEqual({ Svěřenec: 'UNPAID' });
    expect(await states(tenK.id, f.trainer)).toEqual({ Svěřenec: null });
    expect(await states(tenK.id)).toEqual({ Svěřenec: 'UNPAID' });

    expect((await f.root.delete(`/api/cms/form/race-participant/${karel.id}`)).status).toBe(200);
    expect(await requestsOf(tenK.id)).toMatchObject([
      { id: request!.id, state: 'CANCELLED', note: `Zrušeno odhlášením ${czechDate(pragueToday())}.` },
    ]);
    await enter(tenK.id, 'karel', f.trainer);
    expect(await requestsOf(tenK.id)).toMatchObject([
      { id: request!.id, state: 'UNPAID', cancelled: false, amount: CZK(45_000) },
    ]);
  });

  it('keeps the cancellation fee of a withdrawn entry, and asks nothing without an entry fee', async () => {
    const marathon = await race('Maraton', { entryFee: CZK(150_000), cancellationFee: CZK(30_000) });
    const eva = await enter(marathon.id, 'eva');
    expect((await f.root.delete(`/api/cms/form/race-participant/${eva.id}`)).status).toBe(200);
    expect(await requestsOf(marathon.id)).toMatchObject([
      {
        amount: CZK(30_000),
        state: 'UNPAID',
        cancelled: false,
        note: `Odhlášeno ${czechDate(pragueToday())}: zůstává storno poplatek ${formatMoney(30_000, 'CZK')} z ceny ${formatMoney(150_000, 'CZK')}.`,
      },
    ]);

    const free = await race('Běh parkem', {});
    await enter(free.id, 'eva');
    expect(await requestsOf(free.id)).toEqual([]);
    expect(await states(free.id)).toEqual({ Běžkyně: null });

    const pointless = await f.root.post('/api/cms/form/race', {
      name: 'Bez startovného',
      dateFrom: '2027-05-16',
      cancellationFee: CZK(10_000),
    });
    expect(pointless.status).toBe(400);
    expect(pointless.body.validationErrors).toEqual([
      { path: 'cancellationFee', message: 'Storno poplatek má smysl jen tam, kde je vyplněno startovné.' },
    ]);
  });

  signUpFeeFollowUps(f);
});
