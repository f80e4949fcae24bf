import type { FieldOption } from '../api/schema.ts';

/** The kinds of a member's consent (one record per member and kind, given or revoked). */
export const CONSENT_KINDS = [
  { value: 'PUBLIC_PHOTOS', label: 'Fotografie na veřejném webu' },
  { value: 'PUBLIC_NAME', label: 'Jméno na veřejném webu (tým, výsledky)' },
  { value: 'CLUB_EMAILS', label: 'E-maily od klubu' },
] as const satisfies readonly FieldOption[];

export type ConsentKind = (typeof CONSENT_KINDS)[number]['value'];
