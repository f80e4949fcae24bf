import { PAGE_META } from '@klubovna/shared';

/** Meta tag the server adds to index.html when SENTRY_DSN is set (the CSP forbids inline config). */
export const SENTRY_DSN_META = PAGE_META.sentryDsn;

export function readSentryDsn(doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${SENTRY_DSN_META}"]`)?.content?.trim();
  return content ? content : null;
}

type TrackingModule = { initErrorTracking: (dsn: string) => void };

/**
 * Starts error tracking when, and only when, a DSN is configured: the Sentry SDK is a separate chunk
 * that is never downloaded otherwise. Returns whether it was started.
 */
export function startErrorTracking(
  doc: Document = document,
  load: () => Promise<TrackingModule> = () => import('./error-tracking.ts'),
): boolean {
  const dsn = readSentryDsn(doc);
  if (!dsn) return false;
  void load().then((tracking) => tracking.initErrorTracking(dsn));
  return true;
}
