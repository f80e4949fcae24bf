import type { FormSchema } from '@klubovna/shared';
import type { FormValues } from './form-values.ts';

type Validate = (schema: FormSchema, values: FormValues) => Record<string, string>;

let validate: Validate | undefined;
let loading: Promise<Validate> | undefined;

/**
 * Loads the server's rules for the form (Zod and the shared field schemas) as a chunk of their own, so
 * that a form screen paints without them; the form asks for them when it is first touched.
 */
export function loadValidation(): Promise<Validate> {
  loading ??= import('./validate-values.ts').then(
    (module) => {
      validate = module.validateValues;
      return validate;
    },
    (error: unknown) => {
      // Not loaded (the connection dropped): the next save asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the rules have loaded. */
export const validationLoaded = (): boolean => validate !== undefined;

/** The rules' errors once they have loaded; none before (a save waits for them: `loadValidation`). */
export function validateIfLoaded(schema: FormSchema, values: FormValues): Record<string, string> {
  return validate ? validate(schema, values) : {};
}
