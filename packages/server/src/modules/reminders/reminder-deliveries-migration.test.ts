import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database.ts';
import { type DatabaseBefore, databaseBefore } from '../../test/database-before.ts';
import { testEngines } from '../../test/test-app.ts';
import { recordDelivery } from './reminders.repository.ts';

// The reminders sent lived in a table made by hand (021) until 2026-11-26-024-reminder-deliveries made
// it the reminder-delivery entity's table; the reminders already sent must stay known.

const MIGRATION = '2026-11-26-024-reminder-deliveries';

let database: DatabaseBefore | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe.each(testEngines())('reminder deliveries after migration 024 on %s', (engine) => {
  it('keeps the reminders already sent, and each still goes once', async () => {
    database = await databaseBefore(engine, MIGRATION);
    const { handle, db } = database;
    const sentAt = '2026-11-20T10:00:00.000Z';
    await db
      .insertInto('reminder_deliveries')
      .values([
        { kind: 'training-cancelled', subject: 'training:12', email: 'ema@rodina.test', sent_at: sentAt },
        { kind: 'invitation-pending', subject: 'invitation:3', email: 'kancelar@klub.test', sent_at: sentAt },
      ])
      .execute();

    await migrateToLatest(handle);

    const rows = await db
      .selectFrom('reminder_deliveries')
      .select(['kind', 'subject', 'email', 'delivery_key'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        kind: 'training-cancelled',
        subject: 'training:12',
        email: 'ema@rodina.test',
        delivery_key: 'training-cancelled|training:12|ema@rodina.test',
      },
      {
        kind: 'invitation-pending',
        subject: 'invitation:3',
        email: 'kancelar@klub.test',
        delivery_key: 'invitation-pending|invitation:3|kancelar@klub.test',
      },
    ]);
    const now = new Date().toISOString();
    expect(await recordDelivery(handle.db, 'training-cancelled', 'training:12', 'ema@rodina.test', now)).toBe(
      undefined,
    );
    expect(
      await recordDelivery(handle.db, 'training-cancelled', 'training:13', 'ema@rodina.test', now),
    ).toBeGreaterThan(0);
  });
});
