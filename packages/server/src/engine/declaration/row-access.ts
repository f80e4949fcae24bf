import type { Role } from '@klubovna/shared';
import { sql } from 'kysely';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity } from './compile-entity.ts';
import type { DynamicDb, Person, RowCondition } from './entity.types.ts';

// What a declaration's row rules (`rows`) mean for one person: which rows they read, which they change,
// whether they create and delete, which fields they set. Every read and write of the engine asks here.

/** The rows a person may read or change: every row, a condition, or none. */
export type RowScope = RowCondition | undefined | false;

const NONE: RowCondition = () => sql<boolean>`1 = 0`;

/**
 * Who a piece of work acts for: the signed-in person, or no one in particular (`unscoped`): the
 * engine's own follow-up work, such as deleting a camp's sign-ups with the camp, which the person's
 * right to the camp covers.
 */
export interface Acting {
  userId: number;
  roles: readonly Role[];
  unscoped?: boolean;
}

const personOf = (acting: Acting): Person | undefined =>
  acting.unscoped ? undefined : { userId: acting.userId, roles: acting.roles };

/** The condition of the rows the person may read; undefined: every row. */
export function readScope(entity: CompiledEntity, acting: Acting): RowCondition | undefined {
  const person = personOf(acting);
  return person && entity.declaration.rows?.read(person);
}

/** The condition of the rows the person may change; undefined: every row; false: none. */
export function writeScope(entity: CompiledEntity, acting: Acting): RowScope {
  const rows = entity.declaration.rows;
  const person = personOf(acting);
  if (!rows || !person) return undefined;
  return rows.write ? rows.write(person) : rows.read(person);
}

/** What the person may do with the entity's records beyond reading (the area's write access aside). */
export function recordPowers(entity: CompiledEntity, acting: Acting) {
  const rows = entity.declaration.rows;
  const person = personOf(acting);
  const write = writeScope(entity, acting);
  return {
    canChange: write !== false,
    canCreate: write !== false && (!person || (rows?.create?.(person) ?? true)),
    canDelete:
      write !== false &&
      (!person || (rows?.delete?.(person) ?? true)) &&
      entity.declaration.deletable !== false,
    /** Fields the person may set; undefined: all. */
    writableFields: write !== undefined ? rows?.writableFields : undefined,
  };
}

const ALL: RowCondition = () => sql<boolean>`1 = 1`;

/** The rows of `entity` the person may read or change, as one condition for a statement. */
export function rowsOf(entity: CompiledEntity, acting: Acting, access: 'read' | 'write'): RowCondition {
  const scope = access === 'read' ? readScope(entity, acting) : writeScope(entity, acting);
  return scope === false ? NONE : (scope ?? ALL);
}

/** Whether the row `id` is within `scope` (read in the caller's transaction). */
export async function rowWithin(db: DynamicDb, entity: CompiledEntity, id: number, scope: RowScope) {
  if (scope === undefined) return true;
  if (scope === false) return false;
  const found = await db
    .selectFrom(entity.declaration.table)
    .select('id')
    .where('id', '=', id)
    .where(scope)
    .executeTakeFirst();
  return found !== undefined;
}

const changeRefused = () => new AppError('FORBIDDEN', 403, 'Tento záznam může změnit jen kancelář klubu.');

/** Refuses unless the row `id` is within what the person may change. */
export async function assertMayChange(db: DynamicDb, entity: CompiledEntity, acting: Acting, id: number) {
  if (!(await rowWithin(db, entity, id, writeScope(entity, acting)))) throw changeRefused();
}

export function assertMayCreate(entity: CompiledEntity, acting: Acting) {
  if (!recordPowers(entity, acting).canCreate) throw changeRefused();
}

export function assertMayDelete(entity: CompiledEntity, acting: Acting) {
  if (!recordPowers(entity, acting).canDelete)
    throw new AppError('FORBIDDEN', 403, 'Tento záznam může smazat jen kancelář klubu.');
}

/** Refuses a change of a field the person may not set (see RowAccess.writableFields). */
export function assertWritableFields(entity: CompiledEntity, acting: Acting, changed: readonly string[]) {
  const writable = recordPowers(entity, acting).writableFields;
  if (!writable) return;
  const refused = changed.filter((name) => !writable.includes(name));
  if (refused.length === 0) return;
  throw new AppError('FORBIDDEN', 403, 'Toto pole může změnit jen kancelář klubu.', {
    validationErrors: refused.map((path) => ({ path, message: 'Toto pole může změnit jen kancelář klubu.' })),
  });
}

/**
 * Refuses work that reads or writes an entity's rows wholesale (an import, which matches and links
 * by any row) to a person whose row rules limit them.
 */
export function assertUnlimited(entity: CompiledEntity, acting: Acting, work: string) {
  if (readScope(entity, acting) !== undefined || writeScope(entity, acting) !== undefined)
    throw new AppError('FORBIDDEN', 403, `${work} může provést jen kancelář klubu.`);
}
