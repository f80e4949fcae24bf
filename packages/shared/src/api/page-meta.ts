/**
 * Meta tags the server adds to the back office's index.html (the CSP forbids inline scripts, so
 * configuration travels as meta tags the app reads at start).
 */
export const PAGE_META = {
  /** Error tracking's DSN, only when SENTRY_DSN is set. */
  sentryDsn: 'klubovna-sentry-dsn',
  /**
   * The routes of the entity screens the server declares, as JSON (RouteDefinition[]): they are served
   * and linked beside the route table's.
   */
  entityScreens: 'klubovna-entity-screens',
} as const;
