import { describe, expect, it } from 'vitest';
import { SENTRY_SAMPLING } from './error-tracking.ts';

describe('Sentry sampling', () => {
  it('samples 10 % of traces, profiles every sampled session and replays only sessions with an error', () => {
    expect(SENTRY_SAMPLING).toEqual({
      tracesSampleRate: 0.1,
      profileSessionSampleRate: 1,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1,
    });
  });
});
