import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { remainingAuthRows, seedAuthRows } from './housekeeping-fixtures.ts';

describe.each(testEngines())('housekeeping schedule on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { HOUSEKEEPING_INTERVAL: '1' });
  });
  afterAll(() => t.close());

  it('runs a pass on its own once the interval has passed, and stops when the app closes', async () => {
    const scheduled = t.app.housekeeping.nextPassAt();
    expect(scheduled).toBeGreaterThan(Date.now() - 1000);
    expect(scheduled).toBeLessThanOrEqual(Date.now() + 1000);
    const round = await seedAuthRows(t);
    // A pass may overlap the seeding and catch only part of it; the next one takes the rest.
    // (`expired-<round>` names both a session and a token.)
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
    expect(left.attempts).toContain(`ip:10.0.${round}.1`);
    expect(left.tokens).toEqual([`usable-${round}`]);
    expect(left.sessions).toContain(`live-${round}`);
    expect(left.sessions).not.toContain(`idle-${round}`);

    await t.app.close();
    expect(t.app.housekeeping.nextPassAt()).toBeNull();
  });
});

describe('housekeeping timer', () => {
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
      console.log(JSON.stringify({ nextPassAt: app.housekeeping.nextPassAt(), now: Date.now() }));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOUSEKEEPING_INTERVAL: '3600',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.signal, 'the child was still running after 20 s').toBeNull();
    expect(child.status, child.stderr).toBe(0);
    const { nextPassAt, now } = JSON.parse(child.stdout.trim().split('\n').at(-1)!);
    // The first pass was due a minute after start, long after the process had exited.
    expect(nextPassAt - now).toBeGreaterThan(50_000);
  });
});
