import { describeFarPages, describeListCache, type ListUnderTest } from '../../test/list-suites.ts';
import { startTestApp } from '../../test/test-app.ts';
import { seedMembers } from './seed-members.ts';

// The engine's suites of whole-list reading on the members, whose list is read through its ranked
// search index and, on PostgreSQL, its kept row count and page anchors (db/ranked-search*.ts).
const members: ListUnderTest = {
  alias: 'member',
  table: 'members',
  start: (engine) => startTestApp(engine),
  seed: (db, count) => seedMembers(db, count),
  keepsCount: true,
};

describeListCache(members);
describeFarPages(members);
