import { createHash } from 'node:crypto';
import type { SettledStatementLine as SettledLine } from '@klubovna/shared';
import { isoDateSchema } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type { ActionContext, EntityAction, Values } from '../../engine/declaration/entity.types.ts';
import { insertRecords } from '../../engine/records/records.repository.ts';
import { settledLinesAnswer } from './payments.answers.ts';
import { settlePayments } from './settle.ts';
import type { StatementLine } from './statements/statement.ts';

const BATCH = 400;
const text = (max: number) => z.string().max(max).nullable();

const lineSchema = z.object({
  transactionId: z.string().max(100),
  date: isoDateSchema,
  amount: z
    .number()
    .int()
    .min(-999_999_999_999)
    .max(999_999_999_999)
    .meta({ description: 'Haléře (setiny měny), celé číslo; záporné odchází z účtu.' }),
  currency: z.string().regex(/^[A-Z]{3}$/),
  variableSymbol: text(10),
  specificSymbol: text(10),
  constantSymbol: text(10),
  counterAccount: text(60),
  counterName: text(200),
  message: text(500),
});

const importInput = z.object({
  lines: z.array(lineSchema).max(20_000, 'Výpis smí mít nejvýše 20 000 pohybů.'),
  /** Only tell what the import would do. */
  dryRun: z.boolean().default(false),
});

/** A line's id at the bank; a line without one is known by its content (the same line twice is one). */
function transactionKey(line: StatementLine): string {
  if (line.transactionId) return line.transactionId;
  const content = JSON.stringify([
    line.date,
    line.amount,
    line.currency,
    line.variableSymbol,
    line.counterAccount,
    line.message,
  ]);
  return `bez-id-${createHash('sha256').update(content).digest('hex').slice(0, 32)}`;
}

async function importedKeys({ db }: ActionContext<unknown>, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += BATCH) {
    const rows = await db
      .selectFrom('bank_transactions')
      .select('transaction_id')
      .where('transaction_id', 'in', keys.slice(start, start + BATCH))
      .execute();
    for (const row of rows) found.add(String(row.transaction_id));
  }
  return found;
}

type Candidate = NonNullable<SettledLine['payment']> & { currency: string };

/** Requests not cancelled, by variable symbol, with the names of their members. */
async function requestsBySymbol({ db }: ActionContext<unknown>, symbols: string[]) {
  const bySymbol = new Map<string, Candidate>();
  for (let start = 0; start < symbols.length; start += BATCH) {
    const rows = await db
      .selectFrom('payments as p')
      .innerJoin('members as m', 'm.id', 'p.member')
      .select(['p.id', 'p.title', 'p.variable_symbol', 'p.amount_currency', 'm.first_name', 'm.last_name'])
      .where('p.variable_symbol', 'in', symbols.slice(start, start + BATCH))
      .where('p.cancelled', '=', 0)
      .execute();
    for (const row of rows)
      bySymbol.set(String(row.variable_symbol), {
        id: Number(row.id),
        title: String(row.title),
        variableSymbol: String(row.variable_symbol),
        member: `${row.first_name} ${row.last_name}`,
        currency: String(row.amount_currency),
      });
  }
  return bySymbol;
}

/**
 * Incoming lines of a bank statement (amount above zero) become bank transactions, each assigned to the
 * request of its variable symbol and currency, and those requests are settled. A line imported before
 * is left as it was, so importing a statement again changes nothing. With `dryRun` nothing is written.
 */
const importStatement: EntityAction<typeof importInput, typeof settledLinesAnswer> = {
  label: 'Import bankovního výpisu',
  wholeTable: true,
  // Each transaction written leaves its own audit entry; a dry run leaves none.
  audited: false,
  input: importInput,
  output: settledLinesAnswer,
  run: async (context) => {
    const { db, userId, input } = context;
    const incoming = new Map<string, StatementLine>();
    for (const line of input.lines) if (line.amount > 0) incoming.set(transactionKey(line), line);
    const imported = await importedKeys(context, [...incoming.keys()]);
    const symbols = [...new Set([...incoming.values()].map((line) => line.variableSymbol ?? ''))];
    const requests = await requestsBySymbol(context, symbols.filter(Boolean));
    const settled: SettledLine[] = [];
    const fresh: Values[] = [];
    for (const [key, line] of incoming) {
      const request = line.variableSymbol ? requests.get(line.variableSymbol) : undefined;
      const payment = request?.currency === line.currency ? request : undefined;
      const result = imported.has(key) ? 'imported' : payment ? 'matched' : 'unmatched';
      settled.push({
        transactionId: key,
        date: line.date,
        amount: line.amount,
        currency: line.currency,
        variableSymbol: line.variableSymbol,
        counterName: line.counterName,
        result,
        payment: payment
          ? {
              id: payment.id,
              title: payment.title,
              variableSymbol: payment.variableSymbol,
              member: payment.member,
            }
          : null,
      });
      if (result !== 'imported')
        fresh.push({
          transactionId: key,
          date: line.date,
          amount: { amount: line.amount, currency: line.currency },
          variableSymbol: line.variableSymbol,
          specificSymbol: line.specificSymbol,
          constantSymbol: line.constantSymbol,
          counterAccount: line.counterAccount,
          counterName: line.counterName,
          message: line.message,
          payment: payment?.id ?? null,
        });
    }
    if (!input.dryRun) {
      await insertRecords(db, userId, context.entity, fresh);
      await settlePayments(
        { db, userId },
        fresh.map((values) => values.payment as number | null),
      );
    }
    const count = (result: SettledLine['result']) => settled.filter((line) => line.result === result).length;
    return {
      dryRun: input.dryRun,
      matched: count('matched'),
      unmatched: count('unmatched'),
      imported: count('imported'),
      lines: settled,
    };
  },
};

export const bankTransactionActions = { 'import-statement': importStatement };
