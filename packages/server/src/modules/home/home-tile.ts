import type { HomeTile } from '@klubovna/shared';
import type { DynamicDb, EntityRegistry, Person } from '../../engine/declaration/entity.types.ts';

/** What every tile reads from: the database, who asks, and the day in Prague. */
export interface TileContext {
  db: DynamicDb;
  person: Person;
  /** Today's date in Prague (`2026-11-26`). */
  today: string;
  now: Date;
  entities: EntityRegistry;
}

/**
 * One tile of the home screen. `load` answers null when the tile is not for this person (a trainer's
 * tile for someone who trains no group); each tile is one or two indexed queries.
 */
export interface TileDeclaration {
  key: string;
  load: (context: TileContext) => Promise<HomeTile | null>;
}

/**
 * A read several tiles of one request share (the person's groups, their own members): made once per
 * request's context, however many tiles ask.
 */
export function oncePerRequest<T>(
  read: (context: TileContext) => Promise<T>,
): (context: TileContext) => Promise<T> {
  const reads = new WeakMap<TileContext, Promise<T>>();
  return (context) => {
    let result = reads.get(context);
    if (!result) {
      result = read(context);
      reads.set(context, result);
    }
    return result;
  };
}

/** Items a tile lists before "and N more". */
export const TILE_ITEMS = 5;

/** The address of an entity's edit screen for a record, or of its list; null when it has no screens. */
export function screenLink(entities: EntityRegistry, alias: string, id?: number): string | null {
  const routes = entities.get(alias)?.routes;
  if (!routes) return null;
  return id === undefined ? routes.list : `${routes.edit}?id=${id}`;
}

/** A list's address that opens it with the given filters (`filter[key]`, `filter[key][from|to]`). */
export function filteredList(list: string | null, filters: Record<string, string | string[]>): string | null {
  if (!list) return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  return `${list}?${params.toString()}`;
}
