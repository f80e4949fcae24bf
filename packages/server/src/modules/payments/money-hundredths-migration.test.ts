import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database.ts';
import type { Engine } from '../../db/dialect.ts';
import { type DatabaseBefore, databaseBefore } from '../../test/database-before.ts';
import { testEngines } from '../../test/test-app.ts';
import { seedMembers } from '../members/index.ts';

// Money columns held whole crowns with a decimal fraction until 2026-11-26-022-money-hundredths, which
// turns them, and the money kept in the audit log and the trash, into whole haléře.

const MIGRATION = '2026-11-26-022-money-hundredths';
const NOW = '2026-11-20T10:00:00.000Z';

type Models = DatabaseBefore['models'];

/** A row of `table` with the given values and something in every other NOT NULL column. */
function rowOf(models: Models, engine: Engine, table: string, values: Record<string, unknown>) {
  const model = models.find((each) => each.name === table);
  // The tables written by hand (the audit log, the trash) are given whole.
  if (!model) return values;
  const row: Record<string, unknown> = {};
  for (const column of model.columns) {
    if (column.name === 'id') continue;
    if (column.name in values) row[column.name] = values[column.name];
    else if (!column.notNull) continue;
    else if (column.type === 'dateTime') row[column.name] = NOW;
    else if (column.type === 'boolean') row[column.name] = engine === 'postgres' ? false : 0;
    else if (['integer', 'bigint', 'double'].includes(column.type)) row[column.name] = 1;
    else row[column.name] = '2026-11-20';
  }
  return row;
}

let closing: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closing?.();
  closing = undefined;
});

describe.each(testEngines())('money in whole haléře after migration 022 on %s', (engine) => {
  it('multiplies stored amounts by a hundred exactly, audit entries and trashed records included', async () => {
    const { handle, db, models, close } = await databaseBefore(engine, MIGRATION);
    closing = close;
    await seedMembers(handle.db, 1);
    const member = Number((await db.selectFrom('members').select('id').executeTakeFirstOrThrow()).id);
    const insert = async (table: string, values: Record<string, unknown>) =>
      Number(
        (
          await db
            .insertInto(table)
            .values(rowOf(models, engine, table, values))
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const camp = await insert('camps', { price_amount: 1200.5, price_currency: 'CZK' });
    const freeCamp = await insert('camps', { price_amount: null, price_currency: null });
    const race = await insert('races', { entry_fee_amount: 0.29, entry_fee_currency: 'EUR' });
    const payment = await insert('payments', {
      member,
      title: 'Příspěvek',
      variable_symbol: '2026000001',
      amount_amount: 1234.56,
      amount_currency: 'CZK',
      paid_amount_amount: 0.1 + 0.2,
      paid_amount_currency: 'CZK',
      cancelled: engine === 'postgres' ? false : 0,
    });
    const line = await insert('bank_transactions', {
      transaction_id: 'A1',
      amount_amount: 9_999_999.99,
      amount_currency: 'CZK',
      payment,
    });
    const audit = (entity: string, recordId: number, action: string, changes: unknown) =>
      insert('audit_log', {
        entity,
        record_id: recordId,
        action,
        changes: JSON.stringify(changes),
        created_at: NOW,
      });
    const audits = [
      await audit('payment', payment, 'update', {
        paidAmount: { from: { amount: 0, currency: 'CZK' }, to: { amount: 0.3, currency: 'CZK' } },
        state: { from: 'UNPAID', to: 'PARTLY_PAID' },
      }),
      await audit('payment', 0, 'action', {
        action: 'bulk-create',
        input: { title: 'Hromadně', amount: { amount: 500.75, currency: 'CZK' }, memberIds: [member] },
      }),
      await audit('camp', camp, 'create', { price: { from: null, to: { amount: 1200.5, currency: 'CZK' } } }),
      // Not money: a member's entry stays as it was.
      await audit('member', member, 'update', { amount: { from: 1.5, to: 2.5 } }),
    ];
    const trashed = await insert('trash', {
      entity: 'race',
      record_id: 99,
      label: 'Běh',
      search_label: 'beh',
      record: JSON.stringify({
        values: { name: 'Běh', entryFee: { amount: 150.1, currency: 'CZK' } },
        version: 2,
      }),
      unlinked: '[]',
      deleted_at: NOW,
    });

    await migrateToLatest(handle);

    const one = (table: string, id: number) =>
      db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await one('camps', camp)).toMatchObject({ price_amount: 120_050, price_currency: 'CZK' });
    expect(await one('camps', freeCamp)).toMatchObject({ price_amount: null });
    expect(await one('races', race)).toMatchObject({ entry_fee_amount: 29, entry_fee_currency: 'EUR' });
    expect(await one('payments', payment)).toMatchObject({ amount_amount: 123_456, paid_amount_amount: 30 });
    expect(await one('bank_transactions', line)).toMatchObject({ amount_amount: 999_999_999 });
    const changes = await Promise.all(
      audits.map(async (id) => JSON.parse(String((await one('audit_log', id)).changes))),
    );
    expect(changes).toEqual([
      {
        paidAmount: { from: { amount: 0, currency: 'CZK' }, to: { amount: 30, currency: 'CZK' } },
        state: { from: 'UNPAID', to: 'PARTLY_PAID' },
      },
      {
        action: 'bulk-create',
        input: { title: 'Hromadně', amount: { amount: 50_075, currency: 'CZK' }, memberIds: [member] },
      },
      { price: { from: null, to: { amount: 120_050, currency: 'CZK' } } },
      { amount: { from: 1.5, to: 2.5 } },
    ]);
    expect(JSON.parse(String((await one('trash', trashed)).record))).toEqual({
      values: { name: 'Běh', entryFee: { amount: 15_010, currency: 'CZK' } },
      version: 2,
    });
  });
});
