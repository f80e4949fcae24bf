import { formatMoney } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import { expect, it } from 'vitest';
import { CZK, type FeeFixture } from './sign-up-fee-fixture.ts';

// What a camp's and a race's fee do after the sign-ups, the same for both: the open requests follow
// a new price, and a restore from the trash opens again what the deletion cancelled.

/** Registers the follow-up tests of the fixture's camp or race. */
export function signUpFeeFollowUps(f: FeeFixture): void {
  const { subject } = f;
  const today = czechDate(pragueToday());
  const newMembers = async (prefix: string, count: number) => {
    for (let index = 0; index < count; index++)
      f.member[`${prefix}${index}`] = (
        await f.created('member', { firstName: 'Následný', lastName: `${prefix}${index}` })
      ).id;
  };

  it(`lets the unpaid requests follow a new ${subject.price} and cancels them when it is removed`, async () => {
    await newMembers('cena', 3);
    const parent = await f.parentOf('Nová cena', { [subject.price]: CZK(200_000) });
    const signUps = [];
    for (const who of ['cena0', 'cena1', 'cena2']) signUps.push(await f.signUp(parent.id, who));
    const [unpaid, partly, leaving] = await Promise.all(
      ['cena0', 'cena1', 'cena2'].map((who) => f.requestOf(parent.id, who)),
    );
    await f.pay(partly!, 50_000, `cena-${subject.alias}`);
    await f.signOff(signUps[2].id);

    await f.change(parent.id, { [subject.price]: CZK(250_000) });
    expect(await f.request(unpaid!.id)).toMatchObject({
      amount: CZK(250_000),
      state: 'UNPAID',
      cancelled: false,
      variableSymbol: unpaid!.variableSymbol,
      dueDate: unpaid!.dueDate,
    });
    expect((await f.request(unpaid!.id)).spayd).toContain('AM:2500.00');
    expect(await f.request(partly!.id)).toMatchObject({ amount: CZK(200_000), state: 'PARTLY_PAID' });
    expect(await f.request(leaving!.id)).toMatchObject({
      amount: CZK(200_000),
      state: 'CANCELLED',
      note: `Zrušeno odhlášením ${today}.`,
    });
    // The change is in the request's history, as any other.
    const history = await f.t.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'payment')
      .where('record_id', '=', unpaid!.id)
      .where('action', '=', 'update')
      .execute();
    expect(history.map((row) => JSON.parse(row.changes).amount)).toContainEqual({
      from: CZK(200_000),
      to: CZK(250_000),
    });

    await f.change(parent.id, { [subject.price]: null });
    expect(await f.request(unpaid!.id)).toMatchObject({
      amount: CZK(250_000),
      state: 'CANCELLED',
      note: `Zrušeno ${today}: ${subject.free}.`,
    });
    expect(await f.request(partly!.id)).toMatchObject({ amount: CZK(200_000), state: 'PARTLY_PAID' });
  });

  it(`opens again the requests its deletion cancelled when the ${subject.alias} comes back from the trash`, async () => {
    await newMembers('kos', 3);
    const parent = await f.parentOf('Vrácený z koše', { [subject.price]: CZK(150_000) });
    const signUps = [];
    for (const who of ['kos0', 'kos1', 'kos2']) signUps.push(await f.signUp(parent.id, who));
    const [noted, partly, leaving] = await Promise.all(
      ['kos0', 'kos1', 'kos2'].map((who) => f.requestOf(parent.id, who)),
    );
    const edited = await f.root.put(`/api/cms/form/payment/${noted!.id}`, {
      version: noted!.version,
      note: 'Platí babička.',
    });
    expect(edited.status, edited.text).toBe(200);
    await f.pay(partly!, 40_000, `kos-${subject.alias}`);
    await f.signOff(signUps[2].id);

    expect((await f.root.delete(`/api/cms/form/${subject.alias}/${parent.id}`)).status).toBe(200);
    expect(await f.request(noted!.id)).toMatchObject({
      state: 'CANCELLED',
      note: `Zrušeno ${today}: ${subject.deleted}.`,
      [subject.alias]: null,
    });
    expect(await f.request(partly!.id)).toMatchObject({
      state: 'CANCELLED',
      note: `Zrušeno ${today}: ${subject.deleted}. Zaplaceno ${formatMoney(40_000, 'CZK')}: vrátit.`,
    });

    await f.restore(subject.alias, parent.id);
    expect(await f.request(noted!.id)).toMatchObject({
      cancelled: false,
      state: 'UNPAID',
      amount: CZK(150_000),
      note: 'Platí babička.',
      variableSymbol: noted!.variableSymbol,
      [subject.alias]: parent.id,
    });
    expect((await f.request(noted!.id)).spayd).toContain('AM:1500.00');
    expect(await f.request(partly!.id)).toMatchObject({
      cancelled: false,
      state: 'PARTLY_PAID',
      amount: CZK(150_000),
      note: null,
    });
    // Cancelled by the sign-off before the delete: it stays so.
    expect(await f.request(leaving!.id)).toMatchObject({
      cancelled: true,
      state: 'CANCELLED',
      note: `Zrušeno odhlášením ${today}.`,
    });

    // The sign-ups restored after it find their requests open, as they were.
    for (const signUp of signUps.slice(0, 2)) await f.restore(subject.signUp, signUp.id);
    expect(await f.request(noted!.id)).toMatchObject({ state: 'UNPAID', note: 'Platí babička.' });
    expect(await f.requestsOf(parent.id)).toHaveLength(3);
  });
}
