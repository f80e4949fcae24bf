import type { MyClubPayment } from '@klubovna/shared';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { PAYMENT_REQUEST_STATES } from './payment-state.ts';

const STATE_LABELS = new Map<string, string>(
  PAYMENT_REQUEST_STATES.map((state) => [state.value, state.label]),
);

/** The payment requests of the given members that are not cancelled, the latest due first. */
export async function ownPayments(
  db: DynamicDb,
  memberIds: number[],
): Promise<Array<MyClubPayment & { member: number }>> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('payments')
    .select([
      'id',
      'member',
      'title',
      'amount_amount',
      'amount_currency',
      'paid_amount_amount',
      'due_date',
      'state',
      'variable_symbol',
      'specific_symbol',
      'message',
      'spayd',
    ])
    .where('member', 'in', memberIds)
    .where('cancelled', '=', 0)
    .orderBy('due_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    member: Number(row.member),
    title: String(row.title),
    amount: { amount: Number(row.amount_amount), currency: String(row.amount_currency) },
    paidAmount: { amount: Number(row.paid_amount_amount ?? 0), currency: String(row.amount_currency) },
    dueDate: String(row.due_date),
    state: String(row.state),
    stateLabel: STATE_LABELS.get(String(row.state)) ?? String(row.state),
    variableSymbol: String(row.variable_symbol),
    specificSymbol: row.specific_symbol ?? null,
    message: row.message ?? null,
    hasQr: Boolean(row.spayd),
  }));
}
