import type {
  CompiledEntity,
  CompiledField,
  EntityRegistry,
  SignUpsDeclaration,
} from '../declaration/entity.types.ts';

/** A declaration's `signUps` resolved against the registry: the entities and columns its rules use. */
export interface SignUpParts {
  /** The sign-ups' own entity (`camp-participant`). */
  entity: CompiledEntity;
  declared: SignUpsDeclaration;
  /** What one signs up for (`camp`) and who signs up (`member`). */
  parent: CompiledEntity;
  member: CompiledEntity;
  /** The sign-ups' relations to them. */
  parentField: CompiledField;
  memberField: CompiledField;
  places?: {
    /** The parent's capacity field. */
    capacity: CompiledField;
    /** The sign-ups' status and queue fields. */
    status: CompiledField;
    queue: CompiledField;
  };
}

const resolved = new WeakMap<CompiledEntity, SignUpParts>();

/** The parts of the sign-ups of `alias`, resolved once per compiled registry. */
export function signUpParts(entities: EntityRegistry, alias: string): SignUpParts {
  const entity = entities.get(alias)!;
  let parts = resolved.get(entity);
  if (!parts) {
    const declared = entity.declaration.signUps!;
    const parentField = entity.byName.get(declared.parent)!;
    const memberField = entity.byName.get(declared.member)!;
    const parent = entities.get(parentField.relation!.alias)!;
    const { places } = declared;
    parts = {
      entity,
      declared,
      parent,
      member: entities.get(memberField.relation!.alias)!,
      parentField,
      memberField,
      ...(places
        ? {
            places: {
              capacity: parent.byName.get(places.capacity)!,
              status: entity.byName.get(places.status)!,
              queue: entity.byName.get(places.queue)!,
            },
          }
        : {}),
    };
    resolved.set(entity, parts);
  }
  return parts;
}
