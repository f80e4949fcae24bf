import { z } from 'zod';

/**
 * What routes declare about their answers, for the OpenAPI document (http/openapi.ts): Zod schemas
 * under `schema.response` by status, and `schema.produces` for answers that are files, not JSON.
 */
declare module 'fastify' {
  interface FastifySchema {
    /** Media types of a successful answer that is a file (`text/csv`, …); default JSON only. */
    produces?: readonly string[];
  }
}

export const MEDIA_TYPES = {
  json: 'application/json',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  calendar: 'text/calendar',
  html: 'text/html',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
} as const;

/** The error envelope every refusal answers with; its `message` is Czech. */
export const apiError = z
  .object({
    error: z.looseObject({ message: z.string(), code: z.string(), status: z.number().int() }),
    validationErrors: z.array(z.object({ message: z.string(), path: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

/**
 * Error statuses a route answers beyond those its kind implies (see http/openapi-statuses.ts). Typed
 * loosely, so that they leave the types of the route's successful answers to its handler.
 */
export function errorAnswers(...statuses: number[]): Record<number, z.ZodType> {
  return Object.fromEntries(statuses.map((status) => [status, apiError]));
}

/** A successful JSON answer: `{ data: … }`. */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data: data });

/** A successful answer with nothing to tell: `{ data: null }`. */
export const nothingAnswer = dataOf(z.null());
