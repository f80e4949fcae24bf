import { describe, expect, it, vi } from 'vitest';
import { readSentryDsn, startErrorTracking } from './start-error-tracking.ts';

function documentWith(dsn?: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (dsn !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = 'klubovna-sentry-dsn';
    meta.content = dsn;
    doc.head.append(meta);
  }
  return doc;
}

describe('error tracking start', () => {
  it('does not load Sentry without a DSN', () => {
    const load = vi.fn();
    expect(startErrorTracking(documentWith(), load)).toBe(false);
    expect(startErrorTracking(documentWith('  '), load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and starts Sentry with the DSN from the meta tag', async () => {
    const initErrorTracking = vi.fn();
    const load = vi.fn(async () => ({ initErrorTracking }));
    expect(startErrorTracking(documentWith('https://key@sentry.example/1'), load)).toBe(true);
    await vi.waitFor(() => expect(initErrorTracking).toHaveBeenCalledWith('https://key@sentry.example/1'));
    expect(readSentryDsn(documentWith('https://key@sentry.example/1'))).toBe('https://key@sentry.example/1');
  });
});
