import { describe, expect, it } from 'vitest';
import { SENTRY_SAMPLING } from './error-tracking.ts';

describe('Sentry sampling', () => {
  it('follows the spec: 10 % traces, 100 % profiles, replays only on error', () => {
    expect(SENTRY_SAMPLING).toEqual({
      tracesSampleRate: 0.1,
      profileSessionSampleRate: 1,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1,
    });
  });
});
