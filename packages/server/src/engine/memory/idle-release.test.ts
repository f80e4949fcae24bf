import { describe, expect, it } from 'vitest';
import { GROWTH_BYTES, IdleRelease, ownMemoryBytes } from './idle-release.ts';

const MiB = 1024 * 1024;

/** An idle release over a memory and a busy share the test sets; counts its collections. */
function probe(startMiB: number) {
  const state = {
    memory: startMiB * MiB,
    busy: 0,
    collections: 0,
    afterCollection: undefined as number | undefined,
  };
  const release = new IdleRelease({
    memoryBytes: () => state.memory,
    busyShare: () => state.busy,
    collect: () => {
      state.collections += 1;
      if (state.afterCollection !== undefined) state.memory = state.afterCollection * MiB;
    },
  });
  return { state, release };
}

describe('IdleRelease', () => {
  it('collects once the server is idle after its memory grew, and not again without new growth', () => {
    const { state, release } = probe(60);
    state.memory = 300 * MiB;
    state.busy = 0.9;
    expect(release.look()).toBe(false);
    state.busy = 0.01;
    state.afterCollection = 120;
    expect(release.look()).toBe(true);
    expect(state.memory).toBe(120 * MiB);
    expect(release.look()).toBe(false);
    expect(state.collections).toBe(1);
  });

  it('leaves growth within the usual requests alone', () => {
    const { state, release } = probe(60);
    state.memory = 60 * MiB + GROWTH_BYTES;
    expect(release.look()).toBe(false);
    expect(state.collections).toBe(0);
  });

  it('measures growth from the lowest level seen, and takes what a collection kept as the new floor', () => {
    const { state, release } = probe(100);
    state.memory = 70 * MiB;
    expect(release.look()).toBe(false);
    state.memory = 70 * MiB + GROWTH_BYTES + MiB;
    state.afterCollection = 110;
    expect(release.look()).toBe(true);
    state.memory = 130 * MiB;
    expect(release.look()).toBe(false);
    state.memory = 110 * MiB + GROWTH_BYTES + MiB;
    expect(release.look()).toBe(true);
    expect(state.collections).toBe(2);
  });

  it('does nothing without V8’s gc', () => {
    const release = new IdleRelease({ collect: undefined, memoryBytes: () => 900 * MiB, busyShare: () => 0 });
    expect(release.look()).toBe(false);
  });

  it('reads the process’s own memory', () => {
    expect(ownMemoryBytes()).toBeGreaterThan(10 * MiB);
  });
});
