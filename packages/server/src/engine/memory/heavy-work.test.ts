import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { HeavyWork } from './heavy-work.ts';

describe('HeavyWork', () => {
  it('collects once, after the last of overlapping heavy work has ended', async () => {
    let collections = 0;
    const work = new HeavyWork(() => {
      collections += 1;
    }, 20);
    const endFirst = work.start();
    const endSecond = work.start();
    endFirst();
    endFirst();
    await sleep(60);
    expect(collections).toBe(0);
    endSecond();
    await sleep(60);
    expect(collections).toBe(1);
  });

  it('does not collect when heavy work starts again within the delay', async () => {
    let collections = 0;
    const work = new HeavyWork(() => {
      collections += 1;
    }, 40);
    await work.run(async () => undefined);
    const end = work.start();
    await sleep(80);
    expect(collections).toBe(0);
    end();
    await sleep(80);
    expect(collections).toBe(1);
  });

  it('ends the work when it fails', async () => {
    let collections = 0;
    const work = new HeavyWork(() => {
      collections += 1;
    }, 10);
    await expect(work.run(() => Promise.reject(new Error('broken file')))).rejects.toThrow('broken file');
    await sleep(40);
    expect(collections).toBe(1);
  });
});
