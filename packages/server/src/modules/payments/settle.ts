import { sumMoneyAmounts } from '@klubovna/shared';
import type { HookContext } from '../../engine/declaration/entity.types.ts';
import { insertAudits } from '../../engine/records/records.repository.ts';
import { paymentEntity } from './payment.entity.ts';
import { paymentState } from './payment-state.ts';

const paidOf = (row: Record<string, unknown>) =>
  row.paid_amount_amount === null ? 0 : Number(row.paid_amount_amount);

/**
 * Sets each payment request's paid amount to the sum of the bank transactions assigned to it in its
 * currency, and its state with it; an audit entry records each change.
 */
export async function settlePayments(
  { db, userId }: Pick<HookContext, 'db' | 'userId'>,
  paymentIds: Iterable<number | null | undefined>,
): Promise<void> {
  const ids = [...new Set([...paymentIds].filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return;
  const rows = await db.selectFrom('payments').selectAll().where('id', 'in', ids).execute();
  const transactions = await db
    .selectFrom('bank_transactions')
    .select(['payment', 'amount_amount', 'amount_currency'])
    .where('payment', 'in', ids)
    .execute();
  const now = new Date().toISOString();
  const audits = [];
  for (const row of rows) {
    const currency = String(row.amount_currency);
    const paid = sumMoneyAmounts(
      transactions
        .filter((line) => Number(line.payment) === Number(row.id) && line.amount_currency === currency)
        .map((line) => Number(line.amount_amount)),
    );
    const amount = Number(row.amount_amount);
    const state = paymentState(amount, paid, Boolean(row.cancelled));
    const before = paidOf(row);
    if (state === row.state && paid === before && row.paid_amount_currency === currency) continue;
    await db
      .updateTable('payments')
      .set((eb) => ({
        paid_amount_amount: paid,
        paid_amount_currency: currency,
        state,
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', row.id)
      .execute();
    audits.push({
      recordId: Number(row.id),
      action: 'update' as const,
      changes: {
        paidAmount: { from: { amount: before, currency }, to: { amount: paid, currency } },
        state: { from: row.state, to: state },
      },
    });
  }
  await insertAudits(db, userId, { declaration: paymentEntity }, audits);
}
