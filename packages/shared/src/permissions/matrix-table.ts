import { ROLE_LABELS, ROLES } from '../domain/roles.ts';
import { AREAS, type Area, PERMISSIONS } from './matrix.ts';

/** What each area holds, as the documentation names it. */
const AREA_NAMES: Record<Area, string> = {
  members: 'members, guardians',
  consents: 'consents',
  training: 'categories, groups, group members, trainings, attendance, camps',
  races: 'races and their entries',
  content: 'articles, authors, tags, content categories',
  webEvents: 'web events',
  team: 'team',
  sponsors: 'sponsors',
  webConfig: 'web configuration',
  payments: 'payment requests, bank transactions',
  users: 'CMS users, pairing of profiles with members, background jobs (read-only)',
  rootUsers: 'root accounts',
  files: 'uploads',
  self: 'own account and settings',
};

/** The permission matrix as a Markdown table (docs/permissions.md holds it; a test keeps it so). */
export function permissionsTable(): string {
  const header = `| area | what it holds | ${ROLES.map((role) => `${role} (${ROLE_LABELS[role]})`).join(' | ')} |`;
  const rule = `|---|---|${ROLES.map(() => '---').join('|')}|`;
  const rows = AREAS.map(
    (area) =>
      `| ${area} | ${AREA_NAMES[area]} | ${ROLES.map((role) => PERMISSIONS[role][area] ?? '').join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}
