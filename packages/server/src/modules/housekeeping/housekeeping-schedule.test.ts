import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SecondInstance, startSecondInstance } from '../../test/second-instance.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { DAY, remainingAuthRows, seedAuthRows } from './housekeeping-fixtures.ts';

const housekeepingJobs = (t: TestApp) =>
  t.db
    .selectFrom('jobs' as never)
    .select(['state', 'slot', 'attempts', 'finished_at'] as never[])
    .where('kind' as never, '=', 'housekeeping' as never)
    .execute() as Promise<Array<{ state: string; slot: string; attempts: number; finished_at: string }>>;

describe.each(testEngines())('housekeeping as a scheduled job on %s', (engine) => {
  let t: TestApp;
  let second: SecondInstance;
  beforeAll(async () => {
    t = await startTestApp(engine, { HOUSEKEEPING_INTERVAL: '3600' });
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('runs once a period on one instance however many look for due jobs', async () => {
    const round = await seedAuthRows(t);
    // Two SQLite connections in one process cannot wait for each other (each waits synchronously for
    // the file's lock, holding up the other's event loop): there the instances look one after another.
    if (engine === 'postgres') await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue()]);
    else for (const app of [t.app, second.app]) await app.jobs.runDue();
    expect(await t.app.jobs.runDue()).toBe(0);
    const jobs = await housekeepingJobs(t);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'done', attempts: 1 });
    expect(jobs[0]!.slot).toBe(`housekeeping:${Math.floor(Date.now() / 3_600_000)}`);
    const left = await remainingAuthRows(t);
    expect(left.tokens).toEqual([`usable-${round}`]);
    expect(left.sessions).not.toContain(`idle-${round}`);
  });

  it('deletes ended jobs past the retention window, and keeps the recent ones', async () => {
    const old = new Date(Date.now() - 31 * DAY).toISOString();
    await t.app.jobs.enqueue({ kind: 'housekeeping', slot: 'housekeeping:1', runAt: old });
    await t.db
      .updateTable('jobs' as never)
      .set({ state: 'done', finished_at: old } as never)
      .where('slot' as never, '=', 'housekeeping:1' as never)
      .execute();
    expect((await housekeepingJobs(t)).map((job) => job.slot)).toContain('housekeeping:1');
    const pass = await t.app.housekeeping.runPass();
    expect(pass?.jobs).toBe(1);
    const jobs = await housekeepingJobs(t);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe('done');
  });
});

describe('housekeeping on the runner’s timer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { HOUSEKEEPING_INTERVAL: '1', JOB_POLL_INTERVAL: '1' });
  });
  afterAll(() => t.close());

  it('runs a pass on its own once the poll comes, and stops when the app closes', async () => {
    const round = await seedAuthRows(t);
    const stale = [`idle-${round}`, `expired-${round}`, `ip:10.0.${round}.2`, `used-${round}`];
    const deadline = Date.now() + 10_000;
    let left = await remainingAuthRows(t);
    const anyStaleLeft = () =>
      [...left.sessions, ...left.attempts, ...left.tokens].some((name) => stale.includes(name));
    while (anyStaleLeft() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await remainingAuthRows(t);
    }
    expect(anyStaleLeft(), JSON.stringify(left)).toBe(false);
    expect(left.tokens).toEqual([`usable-${round}`]);
    expect(left.sessions).toContain(`live-${round}`);
  });
});

describe('job runner timer', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-housekeeping-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('does not keep the process alive: a ready app that is never closed lets Node exit', () => {
    const script = `
      const { buildApp } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../../app.ts'))});
      const { loadConfig } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../../config.ts'))});
      const app = await buildApp({ config: loadConfig(process.env), logger: false });
      await app.ready();
      console.log('ready');
    `;
    const started = Date.now();
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOUSEKEEPING_INTERVAL: '3600',
        JOB_POLL_INTERVAL: '60',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.signal, 'the child was still running after 20 s').toBeNull();
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout).toContain('ready');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
