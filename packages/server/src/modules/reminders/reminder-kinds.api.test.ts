import { formatMoney, REMINDER_SETTINGS, type ReminderKind } from '@klubovna/shared';
import { addDays, czechDate, pragueToday } from '@klubovna/shared/time/prague';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { signedInClient } from '../../test/fixtures.ts';
import { mailingApp } from '../../test/mailing-app.ts';
import type { CapturedMail } from '../../test/smtp-receiver.ts';
import { testEngines } from '../../test/test-app.ts';
import { QR_PLATBA_CID } from './payment-reminder.ts';

const jsQR = jsqr.default;
const CLUB_ACCOUNT = '19-2000145399/0800';

/** The QR code in the mail's inline PNG (the part with the QR Platba's Content-ID), decoded. */
async function decodedQr(mail: CapturedMail): Promise<string | undefined> {
  const part = new RegExp(
    `Content-Type: image/png[^]*?Content-ID: <${QR_PLATBA_CID}>[^]*?\\r?\\n\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`,
    'i',
  ).exec(mail.raw);
  expect(part, 'the mail has the QR Platba PNG').not.toBeNull();
  const png = Buffer.from(part![1]!.replace(/\s+/g, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
    ?.data;
}

describe.each(testEngines())('medical check and overdue payment reminders on %s', (engine) => {
  const suite = mailingApp(engine);
  const { created, mailsTo } = suite;
  const today = pragueToday();
  const tables = () => suite.t.db as unknown as DynamicDb;
  const runReminders = async () => {
    await suite.t.app.jobs.enqueue({ kind: 'reminders' });
    await suite.t.app.jobs.runDue();
  };
  /** An account with the address that switched the kind off in its profile. */
  const switchedOff = async (email: string, kind: ReminderKind) => {
    const account = await signedInClient(suite.t, { email });
    const off = await account.client.post('/api/cms/user-config', {
      name: REMINDER_SETTINGS,
      data: { off: [kind] },
    });
    expect(off.status, off.text).toBe(200);
  };

  it('tells of a check ending within 30 days the member, guardians and trainers, once per validity', async () => {
    const ema = await created('member', { firstName: 'Ema', lastName: 'Malá', email: 'ema@rodina.test' });
    const long = await created('member', { firstName: 'Lev', lastName: 'Dlouhý', email: 'lev@rodina.test' });
    const trainer = await created('member', {
      firstName: 'Tomáš',
      lastName: 'Trenér',
      memberType: 'TRAINER',
      email: 'tomas@trener.test',
    });
    await created('guardian', { member: ema.id, name: 'Marie Malá', email: 'marie@rodina.test' });
    await created('guardian', { member: ema.id, name: 'Petr Malý', email: 'petr@rodina.test' });
    await switchedOff('petr@rodina.test', 'medical-check-ending');
    const trainerAccount = await signedInClient(suite.t, { email: 'ucet.trenera@klub.test' });
    await created('profile-member', { profile: trainerAccount.user.id, member: trainer.id });
    const group = await created('group', { name: 'Přípravka', trainers: [trainer.id] });
    for (const member of [ema, long]) await created('group-member', { group: group.id, member: member.id });
    // Ema's check ends in about two weeks, Lev's in eleven months.
    await created('medical-check', { member: ema.id, date: addDays(today, -350), result: 'FIT' });
    await created('medical-check', { member: long.id, date: addDays(today, -30), result: 'FIT' });
    const validUntil = (await suite.root.get(`/api/cms/form/member/${ema.id}`)).body.data.medicalValidUntil;

    await runReminders();
    const mail = await suite.smtp.waitFor('ema@rodina.test');
    expect(mail.subject).toBe(`Končí lékařská prohlídka: Ema Malá, platí do ${czechDate(validUntil)}`);
    expect(mail.text).toContain(
      `Ema Malá má lékařskou prohlídku platnou už jen do ${czechDate(validUntil)}.`,
    );
    expect(mail.text).toContain('Upozornění e-mailem');
    await suite.smtp.waitFor('marie@rodina.test');
    const toTrainer = await suite.smtp.waitFor('tomas@trener.test');
    expect(toTrainer.text).toContain('Ema Malá ze skupiny, kterou trénujete, má lékařskou prohlídku');
    await suite.smtp.waitFor('ucet.trenera@klub.test');
    expect(mailsTo('petr@rodina.test')).toHaveLength(0);
    expect(mailsTo('lev@rodina.test')).toHaveLength(0);

    await runReminders();
    for (const email of [
      'ema@rodina.test',
      'marie@rodina.test',
      'tomas@trener.test',
      'ucet.trenera@klub.test',
    ])
      expect(mailsTo(email), email).toHaveLength(1);

    // Another validity date (a new check ending soon again) is reminded anew.
    const renewed = addDays(today, 20);
    await tables()
      .updateTable('members')
      .set({ medical_valid_until: renewed })
      .where('id', '=', ema.id)
      .execute();
    await runReminders();
    const again = mailsTo('ema@rodina.test');
    expect(again).toHaveLength(2);
    expect(again[1]!.subject).toContain(czechDate(renewed));
  });

  it('tells the member and guardians once of an overdue request, with its QR Platba', async () => {
    await created('web-configuration', { clubName: 'SK Klubovna', bankAccount: CLUB_ACCOUNT });
    const cyril = await created('member', {
      firstName: 'Cyril',
      lastName: 'Dlužný',
      email: 'cyril@rodina.test',
    });
    await created('guardian', { member: cyril.id, name: 'Radka Dlužná', email: 'radka@rodina.test' });
    await created('guardian', { member: cyril.id, name: 'Olga Dlužná', email: 'olga@rodina.test' });
    await switchedOff('olga@rodina.test', 'payment-overdue');
    const dueDate = addDays(today, -5);
    const request = (title: string, extra: Record<string, unknown> = {}) =>
      created('payment', {
        member: cyril.id,
        title,
        amount: { amount: 120_000, currency: 'CZK' },
        dueDate,
        ...extra,
      });
    const overdue = await request('Členský příspěvek', {
      specificSymbol: '2026',
      message: 'Příspěvek Cyril',
    });
    const partly = await request('Soustředění');
    const paid = await request('Dres');
    const cancelled = await request('Zrušený turnaj');
    await request('Budoucí kemp', { dueDate: addDays(today, 10) });
    await tables()
      .updateTable('payments')
      .set({ state: 'PARTLY_PAID', paid_amount_amount: 50_000, paid_amount_currency: 'CZK' })
      .where('id', '=', partly.id)
      .execute();
    await tables()
      .updateTable('payments')
      .set({ state: 'PAID', paid_amount_amount: 120_000, paid_amount_currency: 'CZK' })
      .where('id', '=', paid.id)
      .execute();
    const cancelling = await suite.root.put(`/api/cms/form/payment/${cancelled.id}`, {
      ...cancelled,
      cancelled: true,
    });
    expect(cancelling.status, cancelling.text).toBe(200);

    await runReminders();
    await suite.smtp.waitFor('radka@rodina.test');
    const toCyril = () => mailsTo('cyril@rodina.test');
    expect(
      toCyril()
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['Platba po splatnosti: Soustředění', 'Platba po splatnosti: Členský příspěvek']);
    const mail = toCyril().find((one) => one.subject.endsWith('Členský příspěvek'))!;
    expect(mail.text).toContain(
      `platba „Členský příspěvek“ (člen Cyril Dlužný) byla splatná ${czechDate(dueDate)}`,
    );
    expect(mail.text).toContain(`Zbývá zaplatit: ${formatMoney(120_000, 'CZK')}`);
    expect(mail.text).toContain(`Účet klubu: ${CLUB_ACCOUNT}`);
    expect(mail.text).toContain(`Variabilní symbol: ${overdue.variableSymbol}`);
    expect(mail.text).toContain('Specifický symbol: 2026');
    expect(mail.text).toContain('Zpráva pro příjemce: Příspěvek Cyril');
    expect(mail.text).toContain(`cid:${QR_PLATBA_CID}`);
    expect(await decodedQr(mail)).toBe(overdue.spayd);
    const partlyMail = toCyril().find((one) => one.subject.endsWith('Soustředění'))!;
    expect(partlyMail.text).toContain(`Zbývá zaplatit: ${formatMoney(70_000, 'CZK')}`);
    expect(partlyMail.text).toContain('Zpráva pro příjemce: Soustředění');
    expect(mailsTo('radka@rodina.test')).toHaveLength(2);
    expect(mailsTo('olga@rodina.test')).toHaveLength(0);

    await runReminders();
    expect(toCyril()).toHaveLength(2);
    expect(mailsTo('radka@rodina.test')).toHaveLength(2);
  });
});
