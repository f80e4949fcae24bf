import type { Engine } from '../../db/dialect.ts';
import { POSTGRES_LIST_READER } from './postgres/postgres-reader.ts';
import type { ListReader } from './reader.ts';
import { SQLITE_LIST_READER } from './sqlite/sqlite-reader.ts';

/** The list reader of each database: the one place that picks by the database's kind. */
export const LIST_READERS: Readonly<Record<Engine, ListReader>> = {
  sqlite: SQLITE_LIST_READER,
  postgres: POSTGRES_LIST_READER,
};
