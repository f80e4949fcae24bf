import { moneyValueSchema } from '@klubovna/shared/validation/field-schema';
import { z } from 'zod';

/**
 * Pieces the answers of several modules share, written once: money as `{ amount, currency }` in
 * haléře (the schema a request takes it with), an id with a name.
 */
export const moneyAnswer = moneyValueSchema;

export const namedAnswer = z.object({ id: z.number().int(), name: z.string() });
