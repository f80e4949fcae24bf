import { type CompiledEntity, compileEntity } from './compile-entity.ts';
import type { EntityDeclaration, EntityRegistry } from './entity.types.ts';

export type { EntityRegistry };

/** Compiles declarations and checks that every relation points at an entity among them. */
export function compileRegistry(declarations: readonly EntityDeclaration[]): EntityRegistry {
  const registry = new Map<string, CompiledEntity>();
  const byAlias = new Map(declarations.map((declaration) => [declaration.alias, declaration]));
  for (const declaration of declarations) {
    if (registry.has(declaration.alias)) throw new Error(`Entity ${declaration.alias} is declared twice`);
    registry.set(
      declaration.alias,
      compileEntity(declaration, (alias) => byAlias.get(alias)),
    );
  }
  for (const entity of registry.values()) {
    for (const field of entity.relationFields) {
      const target = registry.get(field.relation!.alias);
      if (!target)
        throw new Error(
          `${entity.declaration.alias}.${field.name} points at unknown ${field.relation!.alias}`,
        );
      if (target.declaration.labelFields.length === 0)
        throw new Error(`${target.declaration.alias} needs labelFields to be the target of a relation`);
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
