import { REMINDER_SETTINGS } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import { mailingApp } from '../../test/mailing-app.ts';
import { TEST_ADMIN, testEngines } from '../../test/test-app.ts';

const DAY_MS = 24 * 60 * 60_000;

describe.each(testEngines())('e-mail reminders on %s', (engine) => {
  const suite = mailingApp(engine);
  const { created, mailsTo } = suite;
  const queuedReminderJobs = async () =>
    (
      await suite.t.db
        .selectFrom('jobs' as never)
        .select('id' as never)
        .where('kind' as never, '=', 'reminders' as never)
        .where('state' as never, '=', 'queued' as never)
        .execute()
    ).length;

  it('tells a cancelled training’s group members and guardians once, except who switched it off', async () => {
    const group = await created('group', { name: 'Žáci A' });
    const ema = await created('member', { firstName: 'Ema', lastName: 'Malá', email: 'ema@rodina.test' });
    const jan = await created('member', { firstName: 'Jan', lastName: 'Bílý', email: 'jan@rodina.test' });
    const other = await created('member', { firstName: 'Iva', lastName: 'Jiná', email: 'iva@jinde.test' });
    await created('guardian', { member: ema.id, name: 'Marie Malá', email: 'marie@rodina.test' });
    await created('guardian', { member: jan.id, name: 'Petr Bílý', email: 'Petr@Rodina.test' });
    for (const member of [ema, jan]) await created('group-member', { group: group.id, member: member.id });
    const otherGroup = await created('group', { name: 'Dorost' });
    await created('group-member', { group: otherGroup.id, member: other.id });
    const training = await created('training', {
      group: group.id,
      startsAt: '2030-03-05T17:00:00+01:00',
      endsAt: '2030-03-05T18:30:00+01:00',
      place: 'Hala Sokol',
    });
    // Petr has an account and switched the training reminders off in his profile.
    const petr = await signedInClient(suite.t, { email: 'petr@rodina.test' });
    const off = await petr.client.post('/api/cms/user-config', {
      name: REMINDER_SETTINGS,
      data: { off: ['training-cancelled'] },
    });
    expect(off.status, off.text).toBe(200);

    expect(await suite.t.app.jobs.runDue()).toBe(1);
    expect(mailsTo('ema@rodina.test')).toHaveLength(0);
    const cancelled = await suite.root.put(`/api/cms/form/training/${training.id}`, {
      ...training,
      cancelled: true,
      cancelReason: 'Hala je zavřená',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await queuedReminderJobs()).toBe(1);
    expect(await suite.t.app.jobs.runDue()).toBe(1);

    const mail = await suite.smtp.waitFor('ema@rodina.test');
    expect(mail.subject).toBe('Zrušený trénink: Žáci A, 5. 3. 2030 v 17:00');
    expect(mail.text).toContain('trénink skupiny Žáci A 5. 3. 2030 v 17:00 (Hala Sokol) je zrušen.');
    expect(mail.text).toContain('Důvod: Hala je zavřená');
    expect(mail.text).toContain('Upozornění e-mailem');
    await suite.smtp.waitFor('marie@rodina.test');
    await suite.smtp.waitFor('jan@rodina.test');
    expect(mailsTo('petr@rodina.test')).toHaveLength(0);
    expect(mailsTo('iva@jinde.test')).toHaveLength(0);

    await suite.t.app.jobs.enqueue({ kind: 'reminders' });
    expect(await suite.t.app.jobs.runDue()).toBe(1);
    for (const email of ['ema@rodina.test', 'marie@rodina.test', 'jan@rodina.test'])
      expect(mailsTo(email), email).toHaveLength(1);
  });

  it('tells the inviter once of an invitation not accepted after 3 days', async () => {
    const office = await signedInClient(suite.t, { roles: ['ROLE_ADMIN'], email: 'kancelar@klub.test' });
    const invited = await office.client.post('/api/admin/user/create/create-invite-user', {
      email: 'novy.trener@klub.test',
      firstName: 'Karel',
      lastName: 'Nový',
      roles: ['ROLE_USER'],
    });
    expect(invited.status, invited.text).toBe(201);
    await suite.smtp.waitFor('novy.trener@klub.test');
    await suite.t.app.jobs.enqueue({ kind: 'reminders' });
    await suite.t.app.jobs.runDue();
    expect(mailsTo('kancelar@klub.test')).toHaveLength(0);

    const sent = new Date(Date.now() - 3 * DAY_MS - 60_000).toISOString();
    await suite.t.db
      .updateTable('password_tokens')
      .set({ created_at: sent })
      .where('user_id', '=', invited.body.data.user.id)
      .execute();
    await suite.t.app.jobs.enqueue({ kind: 'reminders' });
    await suite.t.app.jobs.runDue();
    const mail = await suite.smtp.waitFor('kancelar@klub.test');
    expect(mail.subject).toBe('Pozvánka do Klubovny zatím nepřijata: Karel Nový');
    expect(mail.text).toContain('Karel Nový (novy.trener@klub.test) si zatím nenastavil(a) heslo');
    expect(mail.text).toContain('https://klub.test/admin/uzivatele');
    expect(mailsTo(TEST_ADMIN.email)).toHaveLength(0);

    await suite.t.app.jobs.enqueue({ kind: 'reminders' });
    await suite.t.app.jobs.runDue();
    expect(mailsTo('kancelar@klub.test')).toHaveLength(1);
  });
});
