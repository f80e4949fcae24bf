import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@klubovna/shared';
import type Argon2 from 'argon2';
import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';

/**
 * argon2id with 9 MiB and 4 passes, one of the settings OWASP's password storage cheat sheet lists as
 * equally strong as its 19 MiB and 2 passes (same memory × time). Every hash leaves its memory with
 * the thread that ran it, so the smaller footprint keeps the server within its memory budget.
 * Hashes made with other settings still verify and are replaced at the next sign-in.
 */
const ARGON2_OPTIONS = {
  type: 2 satisfies typeof Argon2.argon2id, // argon2id, named without loading the addon
  memoryCost: 9_216,
  timeCost: 4,
  parallelism: 1,
} as const;

/** argon2's native addon is loaded at the first password hashed or checked, not at start. */
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => {
  argon2 ??= import('argon2').then((module) => module.default);
  return argon2;
};

/**
 * Hashes computed at once; the rest wait their turn in order. A hash holds 19 MiB while it runs and
 * occupies one of libuv's few worker threads (see server.ts): one at a time leaves a thread for file
 * work during a burst of sign-ins and the other core for everything else.
 */
export const ARGON2_CONCURRENCY = 1;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` only drops when nobody waits.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const hashPassword = (password: string): Promise<string> =>
  limited(async () => (await loadArgon2()).hash(password, ARGON2_OPTIONS));

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await limited(async () => (await loadArgon2()).verify(hash, password));
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other settings than today's (then rehash at sign-in). */
export async function needsRehash(hash: string): Promise<boolean> {
  const { needsRehash } = await loadArgon2();
  try {
    return needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}

/** Verifying against this keeps the answer time the same whether the e-mail exists or not. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(await dummyHash, password);
}

/** 256 random bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Length counts characters as people see them (an emoji is one), no composition rules; a password on
 * the shipped list of breached common passwords is refused (NIST SP 800-63B).
 */
export const passwordSchema = z
  .string()
  .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, {
    message: `Heslo musí mít alespoň ${PASSWORD_MIN_LENGTH} znaků.`,
  })
  .refine((value) => [...value].length <= PASSWORD_MAX_LENGTH, {
    message: `Heslo může mít nejvýše ${PASSWORD_MAX_LENGTH} znaků.`,
  })
  .refine((value) => !isCommonPassword(value), {
    message: 'Toto heslo je mezi nejčastěji uniklými hesly. Zvolte jiné.',
  });

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Zadejte platnou e-mailovou adresu.' }).max(254));
