import { memberEntity } from '../modules/members/member.entity.ts';
import { type CompiledEntity, compileEntity } from './compile-entity.ts';

/** Every entity the engine serves: one line per declaration. */
export const ENTITIES: ReadonlyMap<string, CompiledEntity> = new Map(
  [memberEntity].map((declaration) => [declaration.alias, compileEntity(declaration)]),
);
