import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@klubovna/shared';

export interface PasswordStrength {
  /** 0 (empty or too short) … 4 (very strong). */
  score: 0 | 1 | 2 | 3 | 4;
  label: string;
  color: string;
}

const LEVELS: readonly Omit<PasswordStrength, 'score'>[] = [
  { label: 'Příliš krátké', color: 'red' },
  { label: 'Slabé', color: 'orange' },
  { label: 'Průměrné', color: 'yellow' },
  { label: 'Silné', color: 'teal' },
  { label: 'Velmi silné', color: 'green' },
];

/**
 * A hint, not a rule: the server only requires 8–128 characters. Length counts most; mixing
 * kinds of characters helps; repeated or sequential characters do not.
 */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) {
    const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
    const distinct = new Set(password.toLowerCase()).size;
    score = 1;
    if (password.length >= 12 || kinds >= 3) score += 1;
    if (password.length >= 16 || (password.length >= 12 && kinds >= 3)) score += 1;
    if (password.length >= 20 || (password.length >= 14 && kinds === 4)) score += 1;
    if (distinct <= 3) score = 1;
  }
  const clamped = Math.min(4, score) as PasswordStrength['score'];
  return { score: clamped, ...LEVELS[clamped]! };
}

export const PASSWORD_HINT = `Alespoň ${PASSWORD_MIN_LENGTH} znaků. Nejbezpečnější je delší fráze z několika slov.`;

/** Czech validation of a new password and its repetition, matching the server's rules. */
export function validateNewPassword(value: string): string | null {
  if (!value) return 'Zadejte nové heslo.';
  if (value.length < PASSWORD_MIN_LENGTH) return `Heslo musí mít alespoň ${PASSWORD_MIN_LENGTH} znaků.`;
  if (value.length > PASSWORD_MAX_LENGTH) return `Heslo může mít nejvýše ${PASSWORD_MAX_LENGTH} znaků.`;
  return null;
}

export function validatePasswordRepeat(value: string, password: string): string | null {
  if (!value) return 'Zadejte heslo ještě jednou.';
  return value === password ? null : 'Hesla se neshodují.';
}
