import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import '@klubovna/shared/validation/czech-messages';
import type { z } from 'zod';
import { validationFailed } from '../errors/app-error.ts';

/** Lets routes declare Zod schemas for params, query and body, and types handlers from them. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export function issuesToValidationErrors(issues: readonly z.core.$ZodIssue[]) {
  return issues.map((issue) => ({ message: issue.message, path: issue.path.map(String).join('.') }));
}

/** Route schemas are Zod schemas; failures become the 400 envelope with Czech messages. */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as z.ZodType;
    return (data) => {
      const result = zodSchema.safeParse(data ?? {});
      return result.success
        ? { value: result.data }
        : { error: validationFailed(issuesToValidationErrors(result.error.issues)) };
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
