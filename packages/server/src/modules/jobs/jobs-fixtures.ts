import type { TestApp } from '../../test/test-app.ts';

export interface StoredJob {
  id: number;
  kind: string;
  state: string;
  attempts: number;
  run_at: string;
  finished_at: string | null;
  last_error: string | null;
  lease_owner: string | null;
}

/** The jobs of a kind as stored, oldest first. */
export const storedJobs = (t: TestApp, kind: string) =>
  t.db
    .selectFrom('jobs' as never)
    .selectAll()
    .where('kind' as never, '=', kind as never)
    .orderBy('id' as never)
    .execute() as unknown as Promise<StoredJob[]>;
