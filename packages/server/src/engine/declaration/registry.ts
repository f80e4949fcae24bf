import { withSignUps } from '../sign-ups/sign-ups.ts';
import { type CompiledEntity, compileEntity, isRelationKind } from './compile-entity.ts';
import type { EntityDeclaration, EntityRegistry, FieldFilter, RecordCondition } from './entity.types.ts';

export type { EntityRegistry };

/** A relation's `where` as filters of its target's rows: enum or text values, or a boolean. */
function conditionFilters(where: RecordCondition, target: CompiledEntity, owner: string): FieldFilter[] {
  return Object.entries(where).map(([name, wanted]) => {
    const field = target.byName.get(name);
    if (typeof wanted === 'boolean') {
      if (field?.kind !== 'boolean')
        throw new Error(`${owner}: where.${name} is no boolean field of the target`);
      return { field, type: 'boolean', value: wanted };
    }
    if (field?.kind !== 'enum' && field?.kind !== 'text')
      throw new Error(`${owner}: where.${name} is no enum or text field of the target`);
    const unknown = wanted.find((value) => field.options && !field.options.some((o) => o.value === value));
    if (unknown !== undefined) throw new Error(`${owner}: where.${name} names an unknown option ${unknown}`);
    return { field, type: 'in', values: [...wanted] };
  });
}

/** Every part of a secondary label names what exists: a field of the entity, or a linking entity's relations. */
function checkSecondaryLabel(entity: CompiledEntity, registry: EntityRegistry) {
  const alias = entity.declaration.alias;
  for (const part of entity.declaration.secondaryLabel ?? []) {
    if (!('entity' in part)) {
      if (!entity.byName.has(part.field))
        throw new Error(`${alias}: secondaryLabel names no field ${part.field}`);
      continue;
    }
    const linking = registry.get(part.entity);
    const by = linking?.byName.get(part.by);
    const shown = linking?.byName.get(part.field);
    if (by?.kind !== 'relation' || by.relation!.alias !== alias)
      throw new Error(`${alias}: secondaryLabel's ${part.entity}.${part.by} is no relation to ${alias}`);
    if (shown?.kind !== 'relation')
      throw new Error(`${alias}: secondaryLabel's ${part.entity}.${part.field} is no relation`);
    for (const name of part.current ? [part.current.from, part.current.to] : [])
      if (linking!.byName.get(name)?.kind !== 'date')
        throw new Error(`${alias}: secondaryLabel's ${part.entity}.${name} is no date`);
  }
}

/** Every choice a declared filter leaves to another list names that list's declared filter and one of its values. */
function checkFiltersElsewhere(entity: CompiledEntity, registry: EntityRegistry) {
  for (const [name, filter] of Object.entries(entity.declaration.filters ?? {}))
    for (const choice of filter.elsewhere ?? []) {
      const owner = `${entity.declaration.alias}: filter ${name}'s choice ${choice.label}`;
      const list = registry.get(choice.alias);
      const target = list?.declaration.filters?.[choice.filter];
      if (!target?.options?.some((option) => option.value === choice.value))
        throw new Error(
          `${owner} names no value ${choice.value} of ${choice.alias}'s filter ${choice.filter}`,
        );
      if (!list?.routes) throw new Error(`${owner}: ${choice.alias} has no list screen`);
    }
}

/**
 * The relation fields among an entity's searched fields, each with its target: a single relation to
 * an entity searched by its own fields alone (one level: a search never walks further).
 */
function searchedRelations(entity: CompiledEntity, registry: ReadonlyMap<string, CompiledEntity>) {
  const alias = entity.declaration.alias;
  return entity.declaration.searchFields
    .map((name) => entity.byName.get(name)!)
    .filter((field) => isRelationKind(field.kind))
    .map((field) => {
      const target = registry.get(field.relation!.alias);
      if (field.kind !== 'relation' || !target)
        throw new Error(`${alias}: searched field ${field.name} must be a relation to one record`);
      const searchesRelations = target.declaration.searchFields.some((name) =>
        isRelationKind(target.byName.get(name)!.kind),
      );
      if (searchesRelations)
        throw new Error(
          `${alias}: searched ${field.name} points at ${target.declaration.alias}, which searches relations`,
        );
      if (target.textSearchFields.length === 0)
        throw new Error(
          `${alias}: searched ${field.name} points at ${target.declaration.alias}, which searches nothing`,
        );
      return { field, target };
    });
}

/**
 * Compiles declarations, with what their `signUps` imply, and checks that every relation points at an
 * entity among them.
 */
export function compileRegistry(declared: readonly EntityDeclaration[]): EntityRegistry {
  const registry = new Map<string, CompiledEntity>();
  // Sign-up lists become hooks and an action of their entities (their rules read the registry when run).
  const declarations = withSignUps(declared, () => registry);
  const byAlias = new Map(declarations.map((declaration) => [declaration.alias, declaration]));
  for (const declaration of declarations) {
    if (registry.has(declaration.alias)) throw new Error(`Entity ${declaration.alias} is declared twice`);
    registry.set(
      declaration.alias,
      compileEntity(declaration, (alias) => byAlias.get(alias)),
    );
  }
  for (const entity of registry.values()) {
    checkSecondaryLabel(entity, registry);
    checkFiltersElsewhere(entity, registry);
    entity.searchedRelations = searchedRelations(entity, registry);
    for (const field of entity.relationFields) {
      const owner = `${entity.declaration.alias}.${field.name}`;
      const target = registry.get(field.relation!.alias);
      if (!target) throw new Error(`${owner} points at unknown ${field.relation!.alias}`);
      if (target.declaration.labelFields.length === 0)
        throw new Error(`${target.declaration.alias} needs labelFields to be the target of a relation`);
      if (field.relation!.where) field.targetFilters = conditionFilters(field.relation!.where, target, owner);
    }
  }
  return registry;
}

/** Relation fields of every entity in the registry that point at `entity`. */
export function referencingFields(entities: EntityRegistry, entity: CompiledEntity) {
  return [...entities.values()].flatMap((owner) =>
    owner.relationFields
      .filter((field) => field.relation!.alias === entity.declaration.alias)
      .map((field) => ({
        owner,
        field,
        cascade: field.relation!.onDelete === 'cascade',
        deletesOwner: field.relation!.onDelete === 'delete',
      })),
  );
}
