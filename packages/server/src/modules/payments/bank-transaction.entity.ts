import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { noRow, personal } from '../people/index.ts';
import { bankTransactionActions } from './bank-transaction.actions.ts';
import { settlePayments } from './settle.ts';

/**
 * Money that came to the club's account, read from bank statements. Assigned to a payment request (by
 * its variable symbol on import, or by the office by hand) it counts towards the request's paid amount.
 */
export const bankTransactionEntity: EntityDeclaration = {
  alias: 'bank-transaction',
  table: 'bank_transactions',
  labels: {
    singular: 'Bankovní pohyb',
    plural: 'Bankovní pohyby',
    count: { one: 'bankovní pohyb', few: 'bankovní pohyby', many: 'bankovních pohybů' },
    accusative: { one: 'bankovní pohyb', few: 'bankovní pohyby', many: 'bankovních pohybů' },
  },
  area: 'payments',
  screens: {
    zone: 'money',
    list: '/admin/platby/vypisy',
    titles: { create: 'Nový bankovní pohyb', edit: 'Úprava bankovního pohybu' },
    audience: 'office',
  },
  // The club's account statement is the office's alone.
  rows: { read: personal(() => noRow()), write: personal(false) },
  fields: {
    date: { kind: 'date', label: 'Datum', required: true, span: 4 },
    amount: { kind: 'money', label: 'Částka', required: true, min: 1, max: 999_999_999_999, span: 4 },
    variableSymbol: { kind: 'text', label: 'Variabilní symbol', maxLength: 10, span: 4 },
    payment: {
      kind: 'relation',
      label: 'Platba',
      relation: { alias: 'payment', onDelete: 'cascade', where: { cancelled: false } },
      help: 'Platba, kterou pohyb vyrovnává. Nespárovaný pohyb přiřaďte ručně.',
      span: 12,
    },
    counterName: { kind: 'text', label: 'Plátce', maxLength: 200 },
    counterAccount: { kind: 'text', label: 'Účet plátce', maxLength: 60 },
    message: { kind: 'text', label: 'Zpráva', maxLength: 500, listed: false, span: 12 },
    specificSymbol: { kind: 'text', label: 'Specifický symbol', maxLength: 10, listed: false, span: 4 },
    constantSymbol: { kind: 'text', label: 'Konstantní symbol', maxLength: 10, listed: false, span: 4 },
    transactionId: {
      kind: 'text',
      label: 'ID pohybu v bance',
      required: true,
      maxLength: 100,
      unique: true,
      listed: false,
      span: 4,
    },
  },
  defaultSort: { field: 'date', direction: 'desc' },
  searchFields: ['counterName', 'variableSymbol', 'message', 'counterAccount'],
  labelFields: ['date', 'counterName'],
  hooks: {
    afterCreate: ({ db, userId, record }) =>
      settlePayments({ db, userId }, [record.payment as number | null]),
    afterUpdate: ({ db, userId, record, previous }) =>
      settlePayments({ db, userId }, [record.payment as number | null, previous.payment as number | null]),
    afterDelete: ({ db, userId, previous }) =>
      settlePayments({ db, userId }, [previous.payment as number | null]),
  },
  actions: bankTransactionActions,
};
