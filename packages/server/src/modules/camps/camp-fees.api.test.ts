import { API_PATHS, apiPath, formatMoney } from '@klubovna/shared';
import { addDays, czechDate, pragueToday } from '@klubovna/shared/time/prague';
import { describe, expect, it } from 'vitest';
import { CAMP_FEES, CZK, type FeeRequest, signUpFeeFixture } from '../../test/sign-up-fee-fixture.ts';
import { signUpFeeFollowUps } from '../../test/sign-up-fee-follow-ups.ts';
import { testEngines } from '../../test/test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const YEAR = pragueToday().slice(0, 4);

describe.each(testEngines())('camp fees on %s', (engine) => {
  const f = signUpFeeFixture(engine, CAMP_FEES, {
    members: {
      jana: ['Jana', 'Nováková', 'ATHLETE'],
      petr: ['Petr', 'Svěřenec', 'ATHLETE'],
      ota: ['Ota', 'Zíka', 'ATHLETE'],
      coach: ['Tomáš', 'Trenér', 'TRAINER'],
    },
    coach: 'coach',
    trainee: 'petr',
    child: 'jana',
    guardian: 'Radka Nováková',
  });
  const { created, requestsOf, requestOf, states, signUp, signOff } = f;
  const camp = f.parentOf;

  it('asks the price of who gets a place, keeps the cancellation fee on a sign-off and asks who moves up', async () => {
    const summer = await camp('Letní Orlice', {
      price: CZK(350_000),
      cancellationFee: CZK(50_000),
      paymentDueDays: 10,
      capacity: 2,
    });
    const jana = await signUp(summer.id, 'jana');
    const request = await requestOf(summer.id, 'jana');
    expect(request).toMatchObject({
      title: 'Soustředění Letní Orlice',
      amount: CZK(350_000),
      dueDate: addDays(pragueToday(), 10),
      state: 'UNPAID',
      cancelled: false,
      camp: summer.id,
    });
    expect(request.variableSymbol).toMatch(new RegExp(`^${YEAR}\\d{6}$`));
    expect(request.spayd).toContain('AM:3500.00');
    expect(request.spayd).toContain(`X-VS:${request.variableSymbol}`);

    // A trainer signs up their trainee: the request is the system's, though they cannot read payments.
    await signUp(summer.id, 'petr', f.trainer);
    expect((await requestOf(summer.id, 'petr')).amount).toEqual(CZK(350_000));
    // Nor do they see it: a trainer's account reads only its own members' payments.
    expect(await requestsOf(summer.id, f.trainer)).toEqual([]);
    expect(await states(summer.id, f.trainer)).toEqual({ participants: { Svěřenec: null }, waiting: {} });

    // Who waits is asked nothing until a place frees.
    const ota = await signUp(summer.id, 'ota');
    expect(ota.status).toBe('WAITING');
    expect(await requestsOf(summer.id)).toHaveLength(2);
    expect(await states(summer.id)).toEqual({
      participants: { Nováková: 'UNPAID', Svěřenec: 'UNPAID' },
      waiting: { Zíka: null },
    });

    // The parent sees their child's request among their own payments, and its state in the list.
    const own = (await f.parent.get('/api/cms/datagrid/payment?limit=100')).body.data.items as FeeRequest[];
    expect(own.map((item) => item.id)).toEqual([request.id]);
    expect(await states(summer.id, f.parent)).toEqual({ participants: { Nováková: 'UNPAID' }, waiting: {} });

    // 1 000 Kč paid, then she signs off: 500 Kč stays as the cancellation fee, so she overpaid.
    await f.pay(request, 100_000, 'camp-fee');
    expect((await requestOf(summer.id, 'jana')).state).toBe('PARTLY_PAID');
    await signOff(jana.id);
    expect(await requestOf(summer.id, 'jana')).toMatchObject({
      id: request.id,
      amount: CZK(50_000),
      cancelled: false,
      state: 'OVERPAID',
      note: `Odhlášeno ${czechDate(pragueToday())}: zůstává storno poplatek ${formatMoney(50_000, 'CZK')} z ceny ${formatMoney(350_000, 'CZK')}.`,
    });
    // Her place went to Ota, who is asked now.
    expect((await requestOf(summer.id, 'ota')).amount).toEqual(CZK(350_000));

    // Signed up again she waits, her request as it was; with a place she gets it back at the full price.
    const again = await signUp(summer.id, 'jana');
    expect(again.status).toBe('WAITING');
    expect((await requestOf(summer.id, 'jana')).amount).toEqual(CZK(50_000));
    await f.change(summer.id, { capacity: 3 });
    expect(await requestOf(summer.id, 'jana')).toMatchObject({
      id: request.id,
      variableSymbol: request.variableSymbol,
      amount: CZK(350_000),
      state: 'PARTLY_PAID',
      note: `Znovu přihlášeno ${czechDate(pragueToday())}.`,
    });
    expect(await requestsOf(summer.id)).toHaveLength(3);
  });

  it('cancels the request of a sign-off without a cancellation fee and does not duplicate it on a new sign-up', async () => {
    // It starts in 10 days: sooner than the 14 days after a sign-up that a payment is otherwise due in.
    const firstDay = addDays(pragueToday(), 10);
    const winter = await camp('Zimní Krkonoše', {
      price: CZK(120_000),
      dateFrom: firstDay,
      dateTo: addDays(firstDay, 5),
    });
    const first = await signUp(winter.id, 'ota');
    expect((await requestOf(winter.id, 'ota')).dueDate).toBe(firstDay);
    await signOff(first.id);
    const cancelled = await requestOf(winter.id, 'ota');
    expect(cancelled).toMatchObject({
      cancelled: true,
      state: 'CANCELLED',
      amount: CZK(120_000),
      note: `Zrušeno odhlášením ${czechDate(pragueToday())}.`,
    });
    await signUp(winter.id, 'ota');
    expect(await requestOf(winter.id, 'ota')).toMatchObject({
      id: cancelled.id,
      cancelled: false,
      state: 'UNPAID',
    });
  });

  it('gives every request its own variable symbol when sign-ups and sign-offs of many camps arrive together', async () => {
    const people: number[] = [];
    for (let index = 0; index < 8; index++)
      people.push((await created('member', { firstName: 'Souběžný', lastName: `Člen${index}` })).id);
    const full = [];
    for (let index = 0; index < 4; index++) {
      const busy = await camp(`Plný ${index}`, { price: CZK(10_000 + index), capacity: 1 });
      const place = await created('camp-participant', { camp: busy.id, member: people[index] });
      await created('camp-participant', { camp: busy.id, member: people[index + 4] });
      full.push({ camp: busy.id, place: place.id });
    }
    const open = [];
    for (let index = 0; index < 4; index++)
      open.push((await camp(`Volný ${index}`, { price: CZK(20_000 + index) })).id);
    // Each sign-off lets a waiting member in, whose request is made then, beside new sign-ups elsewhere.
    const answers = await Promise.all([
      ...full.map(({ place }) => f.root.delete(`/api/cms/form/camp-participant/${place}`)),
      ...open.map((id, index) =>
        f.root.post('/api/cms/form/camp-participant', { camp: id, member: people[index] }),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 201, 201, 201, 201]);
    const live = [];
    for (const id of [...full.map((entry) => entry.camp), ...open])
      live.push(...(await requestsOf(id)).filter((request) => !request.cancelled));
    expect(live).toHaveLength(8);
    expect(new Set(live.map((request) => request.variableSymbol)).size).toBe(8);
  });

  it('cancels the requests of a deleted camp, whatever its cancellation fee', async () => {
    const gone = await camp('Zrušený tábor', { price: CZK(200_000), cancellationFee: CZK(50_000) });
    await signUp(gone.id, 'petr');
    const [request] = await requestsOf(gone.id);
    expect((await f.root.delete(`/api/cms/form/camp/${gone.id}`)).status).toBe(200);
    expect((await f.root.get(`/api/cms/form/payment/${request!.id}`)).body.data).toMatchObject({
      cancelled: true,
      state: 'CANCELLED',
      amount: CZK(200_000),
      // The camp is in the trash: the request no longer points at it.
      camp: null,
      note: `Zrušeno ${czechDate(pragueToday())}: soustředění bylo smazáno.`,
    });
  });

  it('asks nothing of a free camp nor of an import, and refuses a cancellation fee above the price', async () => {
    const free = await camp('Víkend zdarma', {});
    await signUp(free.id, 'ota');
    expect(await requestsOf(free.id)).toEqual([]);
    expect(await states(free.id)).toEqual({ participants: { Zíka: null }, waiting: {} });

    const imported = await camp('Importovaný tábor', { price: CZK(80_000) });
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('Soustředění;Člen\r\nImportovaný tábor;Zíka Ota\r\n')]),
      'tabor.csv',
    );
    form.append(
      'options',
      JSON.stringify({ mapping: { Soustředění: 'camp', Člen: 'member' }, matchBy: null }),
    );
    const run = await f.root.request(
      'POST',
      apiPath(API_PATHS.importRun, { alias: 'camp-participant' }),
      undefined,
      {
        rawBody: form,
        headers: XHR,
      },
    );
    expect(run.status, run.text).toBe(200);
    expect(run.body.data).toMatchObject({ created: 1, errors: [] });
    expect(await states(imported.id)).toEqual({ participants: { Zíka: null }, waiting: {} });
    expect(await requestsOf(imported.id)).toEqual([]);

    const tooMuch = await f.root.post('/api/cms/form/camp', {
      name: 'Drahé storno',
      dateFrom: '2027-07-05',
      dateTo: '2027-07-12',
      price: CZK(100_000),
      cancellationFee: CZK(150_000),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.validationErrors).toEqual([
      {
        path: 'cancellationFee',
        message: `Storno poplatek nesmí být vyšší než cena (${formatMoney(100_000, 'CZK')}).`,
      },
    ]);
    const otherCurrency = await f.root.post('/api/cms/form/camp', {
      name: 'Storno v eurech',
      dateFrom: '2027-07-05',
      dateTo: '2027-07-12',
      price: CZK(100_000),
      cancellationFee: { amount: 1_000, currency: 'EUR' },
    });
    expect(otherCurrency.body.validationErrors).toEqual([
      { path: 'cancellationFee', message: 'Storno poplatek musí být ve stejné měně jako cena (CZK).' },
    ]);
  });

  signUpFeeFollowUps(f);
});
