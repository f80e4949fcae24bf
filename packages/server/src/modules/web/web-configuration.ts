import type { EntityRecord } from '@klubovna/shared';
import { initialValue } from '../../engine/declaration/compile-entity.ts';
import type { CompiledEntity } from '../../engine/declaration/entity.types.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';

/** The club name the site shows until the configuration is saved. */
export const DEFAULT_CLUB_NAME = 'Náš sportovní klub';

/** The configuration record's table row, or undefined while none is saved. */
export function findConfigurationRow(db: DynamicDb) {
  return db.selectFrom('web_configurations').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

/** The declaration's defaults as a record without id: what the site uses before the first save. */
export function defaultConfiguration(entity: CompiledEntity): EntityRecord {
  const values = Object.fromEntries(entity.fields.map((field) => [field.name, initialValue(field) ?? null]));
  return { ...values, clubName: DEFAULT_CLUB_NAME, id: null, version: null } as unknown as EntityRecord;
}
