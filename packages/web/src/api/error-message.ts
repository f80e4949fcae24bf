import { GENERIC_CLIENT_ERROR } from '@klubovna/shared';
import { ApiError, isAxiosLikeError } from './api-errors.ts';

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The payload the server (or a caller) attached to a failure: a response body or a plain object. */
function payloadOf(error: unknown): Record<string, unknown> | null {
  if (error instanceof ApiError) return (error.body as Record<string, unknown> | null) ?? null;
  if (isAxiosLikeError(error)) return (error.response?.data as Record<string, unknown> | null) ?? null;
  if (error && typeof error === 'object' && !(error instanceof Error))
    return error as Record<string, unknown>;
  return null;
}

/**
 * The text of the global error flash, the first available of: first validation
 * error message, the error string, the nested error message, a message, a detail. `null` when none.
 */
export function pickErrorMessage(error: unknown): string | null {
  const payload = payloadOf(error);
  if (!payload) return null;
  const validation = payload.validationErrors;
  const first = Array.isArray(validation) ? (validation[0] as { message?: unknown } | undefined) : undefined;
  const nested = payload.error;
  return (
    nonEmpty(first?.message) ??
    nonEmpty(nested) ??
    nonEmpty((nested as { message?: unknown } | null | undefined)?.message) ??
    nonEmpty(payload.message) ??
    nonEmpty(payload.detail)
  );
}

/** Like `pickErrorMessage`, falling back to "Vyskytla se chyba." and logging what could not be read. */
export function errorMessageOrGeneric(
  error: unknown,
  log: (...args: unknown[]) => void = console.error,
): string {
  const message = pickErrorMessage(error);
  if (message) return message;
  log(error);
  return GENERIC_CLIENT_ERROR;
}
