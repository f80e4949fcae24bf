import type { ValidationError } from '@klubovna/shared';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { Values } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import type { EngineContext } from '../records/records.service.ts';
import {
  type Linkable,
  relationIds,
  relationProblem,
  relationsRefused,
} from '../relations/relation-checks.ts';
import * as relationRows from '../relations/relations.repository.ts';
import { labelsById } from '../relations/relations.service.ts';
import { chunks } from './import-batch-write.ts';

/** Per relation field, what its ids are checked against, with the labels of the records its `where` refuses. */
export type RelationFacts = Map<CompiledField, Linkable & { labels: Map<number, string> }>;

const targetOf = (context: EngineContext, field: CompiledField) =>
  context.entities.get(field.relation!.alias)!;

/** Reads, for the related records the rows' values name, which exist and which each field may link. */
export async function loadRelationFacts(
  db: DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  brought: Values[],
): Promise<RelationFacts> {
  const facts: RelationFacts = new Map();
  for (const field of entity.relationFields) {
    const target = targetOf(context, field);
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
export async function assertLinkable(
  context: EngineContext,
  entity: CompiledEntity,
  facts: RelationFacts,
  values: Values,
): Promise<void> {
  const errors: ValidationError[] = [];
  for (const field of entity.relationFields) {
    const ids = relationIds(field, values);
    if (ids.length === 0) continue;
    const known = facts.get(field)!;
    const problem = await relationProblem(field, targetOf(context, field), ids, known, (refused) =>
      refused.map((id) => known.labels.get(id) ?? ''),
    );
    if (problem) errors.push(problem);
  }
  if (errors.length > 0) throw relationsRefused(errors);
}
