import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { Values } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import type { EngineContext } from '../records/records.service.ts';
import { assertLinkableIds, type Linkable, relationIds } from '../relations/relation-checks.ts';
import * as relationRows from '../relations/relations.repository.ts';
import { labelsById, targetOf } from '../relations/relations.service.ts';
import { chunks } from './import-batch-write.ts';

/** Per relation field, what its ids are checked against, with the labels of the records its `where` refuses. */
export type RelationFacts = Map<CompiledField, Linkable & { labels: Map<number, string> }>;

/** Reads, for the related records the rows' values name, which exist and which each field may link. */
export async function loadRelationFacts(
  db: DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  brought: Values[],
): Promise<RelationFacts> {
  const facts: RelationFacts = new Map();
  for (const field of entity.relationFields) {
    const target = targetOf(context.entities, field);
    const wanted = [...new Set(brought.flatMap((values) => relationIds(field, values)))];
    const existing = new Set<number>();
    const accepted = new Set<number>();
    for (const part of chunks(wanted)) {
      const found = await relationRows.linkableIds(db, target, part, field.targetFilters);
      for (const id of found.existing) existing.add(id);
      for (const id of found.accepted) accepted.add(id);
    }
    const labels = new Map<number, string>();
    for (const part of chunks([...existing].filter((id) => !accepted.has(id))))
      for (const [id, label] of await labelsById(db, target, part)) labels.set(id, label);
    facts.set(field, { existing, accepted, labels });
  }
  return facts;
}

/** The engine's check of the relation ids among `values`, answered from the facts read beforehand. */
export function assertLinkable(
  context: EngineContext,
  entity: CompiledEntity,
  facts: RelationFacts,
  values: Values,
): Promise<void> {
  return assertLinkableIds(context.entities, entity, values, {
    linkable: (field) => facts.get(field)!,
    labels: (field, _target, refused) => refused.map((id) => facts.get(field)!.labels.get(id) ?? ''),
  });
}
