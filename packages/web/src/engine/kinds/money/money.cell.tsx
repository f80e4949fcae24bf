import { formatMoney, type Money } from '@klubovna/shared';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** Money in haléře as `1 200,50 Kč`. */
function MoneyCell({ value }: CellProps) {
  const money = value as Money | null;
  return money ? formatMoney(money.amount, money.currency) : EMPTY_CELL;
}

export const moneyCell: KindCell = { Cell: MoneyCell, numeric: true };
