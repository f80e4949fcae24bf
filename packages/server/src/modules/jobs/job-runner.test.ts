import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { JobRunner, RETRY_DELAY_MAX_MS, retryDelayMs } from './job-runner.ts';
import { storedJobs } from './jobs-fixtures.ts';

describe('retry delays', () => {
  it('start at 30 s, double, and stop growing at 6 h', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(10)).toBe(30_000 * 512);
    expect(retryDelayMs(11)).toBe(RETRY_DELAY_MAX_MS);
    expect(retryDelayMs(40)).toBe(RETRY_DELAY_MAX_MS);
  });
});

describe.each(testEngines())('job runner on %s', (engine) => {
  let t: TestApp;
  let clock: number;
  let runner: JobRunner;
  const ran: unknown[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    clock = Date.parse('2026-11-26T10:00:00.000Z');
    runner = new JobRunner({ db: t.db, log: t.app.log, now: () => clock });
    runner.define({
      kind: 'test-ok',
      run: async (job) => {
        ran.push(job.payload);
      },
    });
    runner.define({
      kind: 'test-broken',
      maxAttempts: 3,
      run: async (job) => {
        throw new Error(`Pokus ${job.attempt} selhal`);
      },
    });
  });
  afterAll(() => t.close());

  it('queues a job in the caller’s transaction: it exists only if that commits', async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await runner.enqueue({ kind: 'test-ok', payload: { n: 'rolled back' } }, trx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.db.transaction().execute((trx) => runner.enqueue({ kind: 'test-ok', payload: { n: 1 } }, trx));
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
    const [job] = await storedJobs(t, 'test-ok');
    expect(job).toMatchObject({ state: 'done', attempts: 1, lease_owner: null, last_error: null });
    expect(await runner.runDue()).toBe(0);
  });

  it('waits for a job’s time', async () => {
    await runner.enqueue({
      kind: 'test-ok',
      payload: 'later',
      runAt: new Date(clock + 60_000).toISOString(),
    });
    expect(await runner.runDue()).toBe(0);
    clock += 60_000;
    expect(await runner.runDue()).toBe(1);
    expect(ran.at(-1)).toBe('later');
  });

  it('retries a failing job after 30 s, then 60 s, and leaves it failed after its last attempt', async () => {
    await runner.enqueue({ kind: 'test-broken' });
    const start = clock;
    expect(await runner.runDue()).toBe(1);
    let [job] = await storedJobs(t, 'test-broken');
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'Pokus 1 selhal' });
    expect(Date.parse(job!.run_at)).toBe(start + 30_000);

    clock = start + 29_000;
    expect(await runner.runDue()).toBe(0);
    clock = start + 30_000;
    expect(await runner.runDue()).toBe(1);
    [job] = await storedJobs(t, 'test-broken');
    expect(job).toMatchObject({ state: 'queued', attempts: 2, last_error: 'Pokus 2 selhal' });
    expect(Date.parse(job!.run_at)).toBe(start + 30_000 + 60_000);

    clock = start + 90_000;
    expect(await runner.runDue()).toBe(1);
    [job] = await storedJobs(t, 'test-broken');
    expect(job).toMatchObject({ state: 'failed', attempts: 3, last_error: 'Pokus 3 selhal' });
    expect(job!.finished_at).not.toBeNull();
    clock += 24 * 60 * 60_000;
    expect(await runner.runDue()).toBe(0);
  });

  it('leaves jobs of kinds it does not know to a runner that knows them', async () => {
    await runner.enqueue({ kind: 'test-elsewhere' });
    expect(await runner.runDue()).toBe(0);
    const [job] = await storedJobs(t, 'test-elsewhere');
    expect(job).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('queues a scheduled kind once per period', async () => {
    const counted: number[] = [];
    runner.define({ kind: 'test-hourly', everySeconds: 3600, run: async (job) => void counted.push(job.id) });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    clock += 3_600_000;
    expect(await runner.runDue()).toBe(1);
    expect(new Set(counted).size).toBe(2);
  });
});
