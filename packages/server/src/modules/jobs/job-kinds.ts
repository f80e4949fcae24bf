/**
 * Every kind of job the runner knows, with its Czech name on the admins' screen (Úlohy). A module adds
 * its kind here (one line) and registers the kind's handler with `app.jobs.define`. Values stay within
 * 20 characters: the column is sized by the longest, and a longer one would need a migration.
 */
export const JOB_KINDS = [
  { value: 'housekeeping', label: 'Úklid databáze a souborů' },
  { value: 'reminders', label: 'Upozornění e-mailem' },
] as const;

export type JobKind = (typeof JOB_KINDS)[number]['value'];

export const JOB_STATES = [
  { value: 'queued', label: 'Čeká' },
  { value: 'running', label: 'Běží' },
  { value: 'done', label: 'Hotovo' },
  { value: 'failed', label: 'Selhala' },
] as const;

export type JobState = (typeof JOB_STATES)[number]['value'];
