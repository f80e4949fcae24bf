/**
 * Meta tags the server adds to the back office's index.html (the CSP forbids inline scripts, so
 * configuration travels as meta tags the app reads at start).
 */
export const PAGE_META = {
  /** Error tracking's DSN, only when SENTRY_DSN is set. */
  sentryDsn: 'klubovna-sentry-dsn',
  /** Aliases of the entities the server declares, comma-separated: their screens are served and linked. */
  entities: 'klubovna-entities',
} as const;
