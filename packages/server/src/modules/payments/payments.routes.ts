import multipart from '@fastify/multipart';
import { API_PATHS, type StatementImport } from '@klubovna/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { runAction } from '../../engine/actions/actions.service.ts';
import { engineContext } from '../../engine/engine.routes.ts';
import { entityFor } from '../../engine/records/records.service.ts';
import { AppError } from '../../errors/app-error.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { statementImportAnswer } from './payments.answers.ts';
import type { StatementLine } from './statements/statement.ts';

const badRequest = (message: string) => new AppError('BAD_REQUEST', 400, message);

const statementQuery = z.object({ dryRun: z.enum(['0', '1']).optional() });

/** The uploaded statement (field `file`) with its name. */
async function uploadedStatement(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Výpis pošlete jako multipart/form-data v poli file.');
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'file') return { bytes: await part.toBuffer(), name: part.filename };
      part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Soubor je příliš velký.');
    throw badRequest('Soubor nedorazil celý ve tvaru multipart/form-data; zkuste ho nahrát znovu.');
  }
  throw badRequest('Vyberte soubor výpisu GPC nebo CSV z Fio banky (pole file).');
}

const clipped = (value: string | null, length: number) => (value === null ? null : value.slice(0, length));

/** Texts cut to what the bank transaction keeps (a long message, a foreign name). */
const withinLimits = (line: StatementLine): StatementLine => ({
  ...line,
  transactionId: line.transactionId.slice(0, 100),
  counterAccount: clipped(line.counterAccount, 60),
  counterName: clipped(line.counterName, 200),
  message: clipped(line.message, 500),
  variableSymbol: clipped(line.variableSymbol, 10),
  specificSymbol: clipped(line.specificSymbol, 10),
  constantSymbol: clipped(line.constantSymbol, 10),
});

/** A bank statement file settles payment requests: the bank transaction entity's `import-statement`. */
export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 2, parts: 4 },
  });
  app.post(
    API_PATHS.paymentStatements,
    {
      schema: { querystring: statementQuery, response: { 200: statementImportAnswer } },
      config: { access: { area: 'payments', access: 'write' }, multipart: { file: 'file' } },
    },
    async (request) => {
      const context = engineContext(app, request);
      const entity = entityFor(context, 'bank-transaction', 'write');
      const file = await uploadedStatement(request);
      // The statement readers (and csv-parse) are loaded at the first statement sent, not at start.
      const { readStatement } = await import('./statements/statement.ts');
      const statement = readStatement(file.bytes, file.name);
      if (statement.format === null)
        throw new AppError(
          'VALIDATION_FAILED',
          400,
          statement.problems[0]?.message ?? 'Soubor není bankovní výpis.',
        );
      const action = entity.declaration.actions!['import-statement']!;
      const dryRun = request.query.dryRun === '1';
      const input = { lines: statement.lines.map(withinLimits), dryRun };
      const result = await runAction(context, entity, 'import-statement', action, input, undefined);
      const data: StatementImport = {
        ...(result as Pick<StatementImport, 'dryRun' | 'matched' | 'unmatched' | 'imported' | 'lines'>),
        format: statement.format,
        account: statement.account,
        problems: statement.problems,
      };
      return { data };
    },
  );
}
