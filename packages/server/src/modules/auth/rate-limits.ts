import type { Executor } from '../../db/database.ts';
import { AppError } from '../../errors/app-error.ts';
import { countAttempts } from './auth-attempts.repository.ts';

interface Limit {
  /** How many attempts fit in the window. */
  max: number;
  windowMs: number;
}

/** Counted in the database so that several app instances share the budget. */
export const AUTH_LIMITS = {
  login: { perAccount: { max: 10, windowMs: 15 * 60_000 }, perIp: { max: 50, windowMs: 15 * 60_000 } },
  /** Codes of two-factor sign-in, as many as passwords. */
  'two-factor': { perAccount: { max: 10, windowMs: 15 * 60_000 }, perIp: { max: 50, windowMs: 15 * 60_000 } },
  'forgotten-password': {
    perAccount: { max: 5, windowMs: 60 * 60_000 },
    perIp: { max: 20, windowMs: 60 * 60_000 },
  },
  /** Checking a mailed link on opening it: no account is known yet, only the address asking. */
  'password-token-check': { perIp: { max: 50, windowMs: 15 * 60_000 } },
} satisfies Record<string, { perAccount?: Limit; perIp: Limit }>;

export type LimitedAction = keyof typeof AUTH_LIMITS;

/** Attempts older than this count against no limit. */
export const LONGEST_LIMIT_WINDOW_MS = Math.max(
  ...Object.values(AUTH_LIMITS).flatMap((limits) => [
    'perAccount' in limits ? limits.perAccount.windowMs : 0,
    limits.perIp.windowMs,
  ]),
);

export const accountSubject = (email: string) => `account:${email}`;
export const ipSubject = (ip: string) => `ip:${ip}`;

/** Refuses with 429 when the account (`email`, null when none is known) or the address used its budget. */
export async function assertWithinLimits(
  db: Executor,
  action: LimitedAction,
  email: string | null,
  ip: string,
  now: Date,
) {
  const limits: { perAccount?: Limit; perIp: Limit } = AUTH_LIMITS[action];
  const checks: Array<[string, Limit]> = [
    ...(email !== null && limits.perAccount
      ? [[accountSubject(email), limits.perAccount] as [string, Limit]]
      : []),
    [ipSubject(ip), limits.perIp],
  ];
  for (const [subject, limit] of checks) {
    const since = new Date(now.getTime() - limit.windowMs).toISOString();
    if ((await countAttempts(db, action, subject, since)) >= limit.max) {
      throw new AppError('TOO_MANY_REQUESTS', 429);
    }
  }
}
