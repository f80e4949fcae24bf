import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
  FastifyTypeProvider,
} from 'fastify';
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

/** A route's Zod schema for params, query or body: failures become the 400 envelope with Czech messages. */
const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  const zodSchema = schema as z.ZodType;
  return (data) => {
    const result = zodSchema.safeParse(data ?? {});
    return result.success
      ? { value: result.data }
      : { error: validationFailed(issuesToValidationErrors(result.error.issues)) };
  };
};

/** Answers are written as they are; their Zod schemas document them (OpenAPI, the contract tests). */
const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * Fastify's `schemaController` option: route schemas are Zod schemas. Given as compiler factories
 * rather than set on the instance, Fastify never loads its own JSON Schema compilers (Ajv and
 * fast-json-stringify, a hundred modules: a tenth of the cold start). Fastify's types name Ajv's
 * compilers here; at run time it takes any compiler of a schema.
 */
export const zodSchemaController = {
  compilersFactory: {
    buildValidator: () => zodValidatorCompiler,
    buildSerializer: () => jsonSerializerCompiler,
  },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;
