import type { EntityHooks, Values } from './entity.types.ts';

/**
 * Two sets of hooks run as one: for each moment, `first`'s hook and then `second`'s. A before-hook of
 * `second` gets the values `first` returned; `afterRead` passes the record through both.
 */
export function composeHooks(first: EntityHooks, second: EntityHooks | undefined): EntityHooks {
  if (!second) return first;
  const chained =
    <A extends { data: Values }>(
      one: ((args: A) => Values | undefined | Promise<Values | undefined>) | undefined,
      two: ((args: A) => Values | undefined | Promise<Values | undefined>) | undefined,
    ) =>
    async (args: A) => {
      const changed = await one?.(args);
      return (await two?.({ ...args, data: changed ?? args.data })) ?? changed;
    };
  const both =
    <A>(
      one: ((args: A) => void | Promise<void>) | undefined,
      two: ((args: A) => void | Promise<void>) | undefined,
    ) =>
    async (args: A) => {
      await one?.(args);
      await two?.(args);
    };
  const hooks: EntityHooks = {
    normalize: (data) => {
      const once = first.normalize ? first.normalize(data) : data;
      return second.normalize ? second.normalize(once) : once;
    },
    beforeValidate: async (args) => {
      const data = first.beforeValidate ? await first.beforeValidate(args) : args.data;
      return second.beforeValidate ? second.beforeValidate({ ...args, data }) : data;
    },
    beforeCreate: chained(first.beforeCreate, second.beforeCreate),
    beforeUpdate: chained(first.beforeUpdate, second.beforeUpdate),
    afterCreate: both(first.afterCreate, second.afterCreate),
    afterUpdate: both(first.afterUpdate, second.afterUpdate),
    beforeDelete: both(first.beforeDelete, second.beforeDelete),
    afterDelete: both(first.afterDelete, second.afterDelete),
    afterRestore: both(first.afterRestore, second.afterRestore),
    afterRead: (args) => {
      const once = first.afterRead?.(args) ?? args.record;
      return second.afterRead?.({ ...args, record: once }) ?? once;
    },
  };
  // Only the moments either set has: the engine skips work for a hook nobody declared.
  const declared = (moment: string) =>
    (first as Record<string, unknown>)[moment] !== undefined ||
    (second as Record<string, unknown>)[moment] !== undefined;
  return Object.fromEntries(Object.entries(hooks).filter(([moment]) => declared(moment))) as EntityHooks;
}
