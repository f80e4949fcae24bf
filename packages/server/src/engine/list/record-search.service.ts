import { can, type RecordSearchHit } from '@klubovna/shared';
import type { EngineContext } from '../records/records.service.ts';
import { relatedOptions } from './list.service.ts';

/**
 * Records of every entity the user may read and open in a form, whose searched fields match `s`
 * (case- and diacritics-insensitive, as the datagrid search), at most `perEntity` of each.
 */
export async function searchRecords(
  context: EngineContext,
  s: string,
  perEntity: number,
): Promise<RecordSearchHit[]> {
  if (s.trim() === '') return [];
  const searchable = [...context.entities.values()].filter(
    (entity) => can(context.roles, entity.declaration.area, 'read') && entity.routes !== null,
  );
  const hits: RecordSearchHit[] = [];
  // One entity after another: SQLite answers one query at a time anyway, and PostgreSQL's pool is shared.
  for (const entity of searchable) {
    const options = await relatedOptions(context, entity, s, perEntity);
    for (const option of options) {
      hits.push({
        alias: entity.declaration.alias,
        entity: entity.declaration.labels.singular,
        id: option.value as number,
        label: option.label,
        ...(option.detail ? { detail: option.detail } : {}),
      });
    }
  }
  return hits;
}
