import { API_PATHS } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { dataOf, errorAnswers } from './api-answers.ts';

/** A check slower than this counts as failed: a proxy's probe should not hang on a stuck database. */
const CHECK_TIMEOUT_MS = 3_000;

function withinTimeout(check: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.then(() => true), timeout])
    .catch(() => false)
    .finally(() => clearTimeout(timer));
}

/** What keeps this instance from taking requests, in Czech; empty when it is ready. */
export async function notReadyReasons(app: FastifyInstance): Promise<string[]> {
  if (app.lifecycle.shuttingDown) return ['server se vypíná'];
  const [database, storage] = await Promise.all([
    withinTimeout(sql`select 1`.execute(app.db)),
    withinTimeout(app.storage.checkWritable()),
  ]);
  return [
    ...(database ? [] : ['databáze neodpovídá']),
    ...(storage ? [] : ['do úložiště souborů nelze zapisovat']),
  ];
}

const healthAnswer = dataOf(
  z.object({
    status: z.enum(['ok', 'degraded']),
    disk: z.object({
      status: z.enum(['ok', 'full']),
      fullSince: z.string().nullable(),
      freeBytes: z.number().int().nullable(),
    }),
  }),
);
const liveAnswer = dataOf(z.object({ status: z.literal('ok') }));
const readyAnswer = dataOf(z.object({ status: z.literal('ready') }));

/**
 * Health checks for monitors and proxies: `/api/health` (status and the disk's state), `/live` (the
 * process answers: restart it when this fails) and `/ready` (send it requests: take it out of the
 * pool when this fails, as it does at once on SIGTERM).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Not compressed (the answers are a few dozen bytes): the compression's check of each answer loads
  // Node's fetch implementation at its first use, 20–50 ms a probe's first answer need not wait for.
  const publicAccess = { config: { access: 'public' }, compress: false } as const;
  app.get(API_PATHS.health, { ...publicAccess, schema: { response: { 200: healthAnswer } } }, async () => {
    const disk = await app.diskSpace.report();
    return { data: { status: disk.status === 'ok' ? 'ok' : 'degraded', disk } };
  });
  app.get(API_PATHS.healthLive, { ...publicAccess, schema: { response: { 200: liveAnswer } } }, async () => ({
    data: { status: 'ok' as const },
  }));
  const ready = { response: { 200: readyAnswer, ...errorAnswers(503) } };
  app.get(API_PATHS.healthReady, { ...publicAccess, schema: ready }, async () => {
    const reasons = await notReadyReasons(app);
    if (reasons.length > 0)
      throw new AppError('NOT_READY', 503, `Server není připraven: ${reasons.join(', ')}.`);
    return { data: { status: 'ready' as const } };
  });
}
