import * as Sentry from '@sentry/react';
import { setErrorReporter } from './error-reporter.ts';

/** 10 % of traces, every sampled session profiled, replays only of sessions with an error. */
export const SENTRY_SAMPLING = {
  tracesSampleRate: 0.1,
  profileSessionSampleRate: 1.0,
  replaysSessionSampleRate: 0,
  replaysOnErrorSampleRate: 1.0,
} as const;

/**
 * Starts Sentry. Loaded only through a dynamic import when a DSN exists, so the SDK never weighs on
 * the sign-in page otherwise. The browser profiler itself caps each profile at 30 s.
 */
export function initErrorTracking(dsn: string): void {
  Sentry.init({
    dsn,
    environment: import.meta.env.MODE,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.browserProfilingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }),
    ],
    ...SENTRY_SAMPLING,
    profileLifecycle: 'trace',
    tracePropagationTargets: [window.location.origin],
  });
  setErrorReporter((error) => Sentry.captureException(error));
}
