import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { findClubAccount, paymentSpayd } from './club-account.ts';

/**
 * Makes the QR Platba text of every request still to be paid anew from the club's account as it is
 * now: run when the club's account or name changes, so that no member is shown the old account.
 */
export async function refreshPaymentTexts(db: DynamicDb): Promise<void> {
  const club = await findClubAccount(db);
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('state', 'in', ['UNPAID', 'PARTLY_PAID'])
    .execute();
  const now = new Date().toISOString();
  for (const row of rows) {
    const spayd = paymentSpayd(club, {
      amount: { amount: Number(row.amount_amount), currency: row.amount_currency },
      title: row.title,
      dueDate: row.due_date,
      variableSymbol: row.variable_symbol,
      specificSymbol: row.specific_symbol,
      message: row.message,
    });
    if (spayd === (row.spayd ?? '')) continue;
    await db
      .updateTable('payments')
      .set((eb) => ({ spayd, version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', row.id)
      .execute();
  }
}
