import type { DatagridSchema, FormSchema, Role, RouteDefinition } from '@klubovna/shared';
import { compileRegistry } from '../../../server/src/engine/declaration/registry.ts';
import { datagridSchema, formSchema } from '../../../server/src/engine/declaration/schema-json.ts';
import { DECLARATIONS } from '../../../server/src/modules/entities.ts';

/**
 * The schemas the real server derives from the product's entity declarations, so component tests
 * render what the back office gets, not a hand-written copy of it.
 */
const entities = compileRegistry(DECLARATIONS);

const entity = (alias: string) => {
  const found = entities.get(alias);
  if (!found) throw new Error(`The server declares no entity ${alias}`);
  return found;
};

export const DECLARED_ALIASES: readonly string[] = [...entities.keys()];

/** The routes of the screens the declarations of `aliases` (default all) name, as the server sends them. */
export function declaredScreenRoutes(aliases: readonly string[] = DECLARED_ALIASES): RouteDefinition[] {
  return aliases.flatMap((alias) => entity(alias).screenRoutes);
}

export function serverDatagridSchema(alias: string, roles: Role[] = ['ROLE_ADMIN']): DatagridSchema {
  return datagridSchema(entity(alias), { userId: 1, roles });
}

export function serverFormSchema(alias: string, roles: Role[] = ['ROLE_ADMIN']): FormSchema {
  return formSchema(entity(alias), { userId: 1, roles });
}
