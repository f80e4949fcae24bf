import { API_PATHS } from '@klubovna/shared';
import { z } from 'zod';
import type { EntityAction } from '../../engine/declaration/entity.types.ts';
import { recordAnswer } from '../../engine/entity-openapi.ts';
import { AppError } from '../../errors/app-error.ts';
import { requeueFailedJob } from './jobs.repository.ts';

const noInput = z.object({}).strict();
const jobRecord = recordAnswer('job');

/** Queues a failed job to run at the next poll, with its full number of attempts again. */
const retry: EntityAction<typeof noInput, typeof jobRecord> = {
  label: 'Zkusit znovu',
  path: API_PATHS.recordAction,
  input: noInput,
  output: jobRecord,
  run: async ({ db, record, records }) => {
    if (record!.state !== 'failed')
      throw new AppError('JOB_NOT_FAILED', 400, 'Znovu lze spustit jen úlohu, která selhala.');
    await requeueFailedJob(db, record!.id, new Date().toISOString());
    return records.read('job', record!.id);
  },
};

export const jobActions = { retry };
