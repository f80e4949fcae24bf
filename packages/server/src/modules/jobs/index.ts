export { JOB_KINDS, type JobKind } from './job-kinds.ts';
export type { JobDefinition, JobRunner, RunningJob } from './job-runner.ts';
export { deleteEndedJobs, insertJob, type NewJob } from './jobs.repository.ts';
