import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { jobActions } from './job.actions.ts';
import { JOB_KINDS, JOB_STATES } from './job-kinds.ts';

/**
 * A run of background work (jobs.runner.ts): admins read the recent runs and failures and retry a
 * failed one; the runner alone creates and changes them, outside the engine (jobs.repository.ts).
 */
export const jobEntity: EntityDeclaration = {
  alias: 'job',
  table: 'jobs',
  labels: {
    singular: 'Úloha',
    plural: 'Úlohy',
    count: { one: 'úloha', few: 'úlohy', many: 'úloh' },
    accusative: { one: 'úlohu', few: 'úlohy', many: 'úloh' },
  },
  area: 'users',
  screens: {
    zone: 'users',
    list: '/admin/uzivatele/ulohy',
    titles: { create: 'Nová úloha', edit: 'Úloha' },
    audience: 'office',
  },
  deletable: false,
  readOnly: true,
  fields: {
    kind: { kind: 'enum', label: 'Úloha', options: JOB_KINDS, required: true, readOnly: true },
    state: { kind: 'enum', label: 'Stav', options: JOB_STATES, required: true, readOnly: true },
    attempts: { kind: 'integer', label: 'Pokusů', required: true, readOnly: true, span: 3 },
    maxAttempts: {
      kind: 'integer',
      label: 'Nejvýše pokusů',
      required: true,
      readOnly: true,
      listed: false,
      sortable: false,
    },
    runAt: { kind: 'dateTime', label: 'Naplánováno', required: true, readOnly: true },
    startedAt: { kind: 'dateTime', label: 'Začátek', readOnly: true },
    finishedAt: { kind: 'dateTime', label: 'Konec', readOnly: true },
    lastError: { kind: 'longText', label: 'Chyba', readOnly: true, span: 12 },
    payload: { kind: 'longText', label: 'Data', readOnly: true, listed: false, span: 12 },
    // Which runner holds the job and until when; another claims it once the lease has run out.
    leaseOwner: {
      kind: 'text',
      label: 'Běží v',
      maxLength: 100,
      sortable: false,
      readOnly: true,
      listed: false,
    },
    leaseExpiresAt: {
      kind: 'dateTime',
      label: 'Drží do',
      readOnly: true,
      listed: false,
      sortable: false,
    },
    // A scheduled job's period ("housekeeping:493000"): one job per period however many instances ask.
    slot: {
      kind: 'text',
      label: 'Termín',
      maxLength: 100,
      unique: true,
      sortable: false,
      readOnly: true,
      listed: false,
    },
  },
  defaultSort: { field: 'runAt', direction: 'desc' },
  searchFields: [],
  labelFields: ['kind'],
  actions: jobActions,
};
