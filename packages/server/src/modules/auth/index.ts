// What other modules may use of the auth module.
export { deleteAttemptsBefore } from './auth-attempts.repository.ts';
export { deleteSpentTokens } from './password-tokens.repository.ts';
export { LONGEST_LIMIT_WINDOW_MS } from './rate-limits.ts';
export { deleteExpiredSessions } from './sessions.repository.ts';
