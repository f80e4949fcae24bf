import type { Migration } from 'kysely/migration';
import * as auth from './2026-11-22-001-auth.ts';
import * as members from './2026-11-22-002-members.ts';
import * as filesAndUserConfig from './2026-11-22-003-files-user-config.ts';
import * as searchTriggerOnChange from './2026-11-22-004-search-trigger-on-change.ts';

/** Every migration in order; names are timestamped so they sort and never collide. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-001-auth': auth,
  '2026-11-22-002-members': members,
  '2026-11-22-003-files-user-config': filesAndUserConfig,
  '2026-11-22-004-search-trigger-on-change': searchTriggerOnChange,
};
