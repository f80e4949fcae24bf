import { SIGN_UP_STATUS_OPTIONS } from '@klubovna/shared';
import { composeHooks } from '../declaration/compose-hooks.ts';
import type {
  EntityAction,
  EntityDeclaration,
  EntityHooks,
  EntityRegistry,
  FieldDeclaration,
} from '../declaration/entity.types.ts';
import { signUpListAction } from './sign-up-list.ts';
import { signUpHooks, signUpParentHooks } from './sign-up-rules.ts';

/** The parent's action listing its sign-ups. */
export const SIGN_UP_LIST_ACTION = 'participants';

/** What every row of a sign-up list holds (`SignUpRow`): no listed field may take these names. */
const ROW_KEYS = ['id', 'version', 'memberId', 'memberName', 'memberLabel', 'waitingPosition'];

type Lookup = (alias: string) => EntityDeclaration | undefined;

/** Refuses at start a `signUps` naming what is not there or not of the kind its rules need. */
function checkSignUps(declaration: EntityDeclaration, lookup: Lookup): EntityDeclaration {
  const signUps = declaration.signUps!;
  const fail = (problem: string) => {
    throw new Error(`signUps of ${declaration.alias}: ${problem}`);
  };
  const own = (name: string): FieldDeclaration | undefined => declaration.fields[name];
  const parentField = own(signUps.parent);
  if (
    parentField?.kind !== 'relation' ||
    !parentField.required ||
    parentField.relation?.onDelete !== 'delete'
  )
    fail(`${signUps.parent} must be a required relation deleting its sign-ups with it (onDelete 'delete')`);
  const memberField = own(signUps.member);
  if (memberField?.kind !== 'relation' || !memberField.required)
    fail(`${signUps.member} must be a required relation`);
  const parent = lookup(parentField!.relation!.alias);
  const member = lookup(memberField!.relation!.alias);
  if (!parent || !member) return fail('its parent and member must be declared entities');
  const readOnly = (name: string, kind: string) => {
    const field = own(name);
    if (field?.kind !== kind || !field.readOnly) fail(`${name} must be a read-only ${kind} field`);
    return field!;
  };
  if (signUps.places) {
    if (parent.fields[signUps.places.capacity]?.kind !== 'integer')
      fail(`${signUps.places.capacity} must be an integer field of ${parent.alias}`);
    const status = readOnly(signUps.places.status, 'enum');
    for (const { value } of SIGN_UP_STATUS_OPTIONS)
      if (!status.options?.some((option) => option.value === value))
        fail(`${signUps.places.status} must have the option ${value}`);
    readOnly(signUps.places.queue, 'integer');
  }
  if (signUps.deadline && parent.fields[signUps.deadline]?.kind !== 'date')
    fail(`${signUps.deadline} must be a date field of ${parent.alias}`);
  if (signUps.title) readOnly(signUps.title, 'text');
  for (const name of signUps.list.fields)
    if (!own(name) || own(name)!.kind === 'relationMany')
      fail(`the list's ${name} must be a field of one value`);
  for (const name of signUps.list.memberFields ?? [])
    if (!member.fields[name] || member.fields[name].kind === 'relationMany')
      fail(`the list's ${name} must be a field of one value of ${member.alias}`);
  const keys = [...ROW_KEYS, ...signUps.list.fields, ...(signUps.list.memberFields ?? [])];
  const twice = keys.find((key, index) => keys.indexOf(key) !== index);
  if (twice) fail(`the list's rows would hold ${twice} twice`);
  if (parent.actions?.[SIGN_UP_LIST_ACTION])
    fail(`${parent.alias} has an action ${SIGN_UP_LIST_ACTION} of its own, or a second sign-up list`);
  return parent;
}

/**
 * Turns each declaration's `signUps` into what the engine runs: the sign-ups' rules (hooks of their
 * entity, run before its own) and the parent's (a larger capacity lets the waiting in), and the
 * parent's action listing them. `entities` answers the compiled registry once it is built.
 */
export function withSignUps(
  declarations: readonly EntityDeclaration[],
  entities: () => EntityRegistry,
): EntityDeclaration[] {
  const byAlias = new Map(declarations.map((declaration) => [declaration.alias, declaration]));
  const forParents = new Map<string, { hooks: EntityHooks; action: EntityAction }>();
  const expanded = declarations.map((declaration) => {
    if (!declaration.signUps) return declaration;
    const parent = checkSignUps(declaration, (alias) => byAlias.get(alias));
    if (forParents.has(parent.alias)) throw new Error(`${parent.alias} has two sign-up lists`);
    const { alias } = declaration;
    forParents.set(parent.alias, {
      hooks: signUpParentHooks(alias, entities),
      action: signUpListAction(alias, declaration.signUps.list, entities),
    });
    return { ...declaration, hooks: composeHooks(signUpHooks(alias, entities), declaration.hooks) };
  });
  return expanded.map((declaration) => {
    const signUps = forParents.get(declaration.alias);
    if (!signUps) return declaration;
    return {
      ...declaration,
      hooks: composeHooks(declaration.hooks ?? {}, signUps.hooks),
      actions: { ...declaration.actions, [SIGN_UP_LIST_ACTION]: signUps.action },
    };
  });
}
