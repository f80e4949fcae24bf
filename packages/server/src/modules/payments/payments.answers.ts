import type { SettledStatementLine, StatementImport } from '@klubovna/shared';
import { z } from 'zod';
import { dataOf } from '../../http/api-answers.ts';

/** What became (or would become) of one incoming line of a statement (`SettledStatementLine`). */
export const settledLineAnswer = z.object({
  transactionId: z.string(),
  date: z.string(),
  amount: z.number().int().meta({ description: 'Částka v haléřích.' }),
  currency: z.string(),
  variableSymbol: z.string().nullable(),
  counterName: z.string().nullable(),
  result: z.enum(['matched', 'unmatched', 'imported']),
  payment: z
    .object({ id: z.number().int(), title: z.string(), variableSymbol: z.string(), member: z.string() })
    .nullable(),
}) satisfies z.ZodType<SettledStatementLine>;

/** Payment requests created at once: how many, how many members had one already, the new ids. */
export const createdRequestsAnswer = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  ids: z.array(z.number().int()),
});

/** The bank transaction entity's `import-statement`: the lines settled, counted. */
export const settledLinesAnswer = z.object({
  dryRun: z.boolean(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  imported: z.number().int(),
  lines: z.array(settledLineAnswer),
});

/** `POST /api/cms/payments/statements` (`StatementImport`). */
export const statementImportAnswer = dataOf(
  settledLinesAnswer.extend({
    format: z.enum(['gpc', 'fio-csv']),
    account: z.string(),
    problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  }) satisfies z.ZodType<StatementImport>,
);
