import { describe, expect, it } from 'vitest';
import { instalmentSuffix, splitAmount } from './instalments.ts';

describe('instalments', () => {
  it('splits haléře into shares that sum exactly, the remainder on the first', () => {
    expect(splitAmount(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
    expect(splitAmount(100_001, 12).reduce((sum, share) => sum + share, 0)).toBe(100_001);
    expect(splitAmount(12, 12)).toEqual(Array(12).fill(1));
    expect(splitAmount(500, 1)).toEqual([500]);
  });

  it('names an instalment with the preposition its count is read with', () => {
    expect(instalmentSuffix(1, 3)).toBe(' – 1. splátka ze 3');
    expect(instalmentSuffix(5, 5)).toBe(' – 5. splátka z 5');
    expect(instalmentSuffix(2, 12)).toBe(' – 2. splátka z 12');
  });
});
