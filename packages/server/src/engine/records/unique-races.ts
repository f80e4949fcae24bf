import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { AppError } from '../../errors/app-error.ts';
import { asValues, DuplicateValue } from './record-validation.ts';
import type { EngineContext } from './records.service.ts';

// A create whose unique value (one a hook generated, a variable symbol) was taken meanwhile runs again.

/** How many times a create that lost a race for a unique value (one its hooks generated) is tried. */
const UNIQUE_RACE_ATTEMPTS = 30;

export const uniqueRaceLost = () =>
  new AppError('CONFLICT', 409, 'Záznam se stejnou hodnotou mezitím uložil někdo jiný. Zkuste to znovu.');

/**
 * Runs work again while it fails as `raceLost` says: a value it generated was taken meanwhile, and a
 * new transaction sees it. Inside a caller's own transaction nothing can be retried, and the refusal
 * stands: a duplicate value on its field, else a conflict.
 */
async function retrying<T>(
  context: EngineContext,
  work: () => Promise<T>,
  raceLost: (error: unknown) => boolean,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!raceLost(error)) throw error;
      if (context.trx || attempt >= UNIQUE_RACE_ATTEMPTS)
        throw error instanceof DuplicateValue ? error : uniqueRaceLost();
    }
  }
}

/** Runs a whole transaction's work (an action's) again when a unique index refused one of its writes. */
export const retryingUniqueIndexRaces = <T>(context: EngineContext, work: () => Promise<T>): Promise<T> =>
  retrying(context, work, isUniqueViolation);

/**
 * Runs a create again when a unique index refused it, or its check found a value the client did not
 * send (one a hook generated, such as a number) taken by a create committed meanwhile.
 */
export function retryingUniqueRaces<T>(
  context: EngineContext,
  body: unknown,
  work: () => Promise<T>,
): Promise<T> {
  const sent = asValues(body);
  const generatedTaken = (error: unknown) =>
    error instanceof DuplicateValue &&
    error.fields.every((field) => sent[field] == null || sent[field] === '');
  return retrying(context, work, (error) => isUniqueViolation(error) || generatedTaken(error));
}
