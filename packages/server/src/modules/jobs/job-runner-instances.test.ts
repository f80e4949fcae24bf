import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SecondInstance, startSecondInstance } from '../../test/second-instance.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { storedJobs } from './jobs-fixtures.ts';

const N = 60;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines().filter((engine) => engine === 'postgres'))(
  'two job runners on one %s database',
  (engine) => {
    let t: TestApp;
    let second: SecondInstance;
    beforeAll(async () => {
      t = await startTestApp(engine);
      second = await startSecondInstance(t);
    });
    afterAll(async () => {
      await second.close();
      await t.close();
    });

    it(`run each of ${N} jobs exactly once between them`, async () => {
      const runs: Array<{ runner: string; n: number }> = [];
      for (const [name, app] of [
        ['first', t.app],
        ['second', second.app],
      ] as const)
        app.jobs.define({
          kind: 'test-count',
          run: async (job) => {
            runs.push({ runner: name, n: (job.payload as { n: number }).n });
            await pause(5);
          },
        });
      for (let n = 0; n < N; n += 1) await t.app.jobs.enqueue({ kind: 'test-count', payload: { n } });
      // The first instance is asked twice at once (as by its poll and by hand): the second call joins.
      await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue(), t.app.jobs.runDue()]);
      expect(runs.map((run) => run.n).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, n) => n));
      expect(new Set(runs.map((run) => run.runner))).toEqual(new Set(['first', 'second']));
      const jobs = await storedJobs(t, 'test-count');
      expect(jobs.every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
    });
  },
);

/**
 * A script for a runner process of its own, on the test's database: it takes the queued `test-hang`
 * job (holding a 1 s lease it renews), prints "running" and hangs until it is killed.
 */
const hangingRunner = (appPath: string, configPath: string) => `
  const { buildApp } = await import(${JSON.stringify(appPath)});
  const { loadConfig } = await import(${JSON.stringify(configPath)});
  const app = await buildApp({ config: loadConfig(process.env), logger: false });
  await app.ready();
  app.jobs.define({
    kind: 'test-hang',
    leaseSeconds: 1,
    run: async () => {
      console.log('running');
      await new Promise(() => setInterval(() => {}, 1000));
    },
  });
  await app.jobs.runDue();
`;

describe.each(testEngines())('a job whose runner is killed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('runs again on another runner once the dead one’s lease has run out', async () => {
    const done: number[] = [];
    t.app.jobs.define({
      kind: 'test-hang',
      leaseSeconds: 1,
      run: async (job) => void done.push(job.attempt),
    });
    await t.app.jobs.enqueue({ kind: 'test-hang' });
    const schema =
      engine === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema
        : undefined;
    const databaseUrl = schema ? new URL(process.env.TEST_DATABASE_URL!) : undefined;
    databaseUrl?.searchParams.set('options', `-c search_path=${schema}`);
    const root = path.resolve(import.meta.dirname, '../..');
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', hangingRunner(`${root}/app.ts`, `${root}/config.ts`)],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: t.config.dataDir,
          DATABASE_URL: databaseUrl?.toString() ?? '',
          JOB_POLL_INTERVAL: '0',
          HOUSEKEEPING_INTERVAL: '0',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 30_000;
    while (!output.includes('running') && Date.now() < deadline && child.exitCode === null) await pause(50);
    expect(output).toContain('running');

    // While the other process lives it renews its lease: nobody else takes the job.
    await pause(1500);
    expect(await t.app.jobs.runDue()).toBe(0);
    child.kill('SIGKILL');
    await exited;
    const [held] = await storedJobs(t, 'test-hang');
    expect(held).toMatchObject({ state: 'running', attempts: 1 });

    const retryDeadline = Date.now() + 5_000;
    while (done.length === 0 && Date.now() < retryDeadline) {
      await t.app.jobs.runDue();
      await pause(100);
    }
    expect(done).toEqual([2]);
    const [job] = await storedJobs(t, 'test-hang');
    expect(job).toMatchObject({ state: 'done', attempts: 2, lease_owner: null });
  }, 60_000);
});
