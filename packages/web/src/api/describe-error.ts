import { ERROR_MESSAGES, GENERIC_CLIENT_ERROR } from '@klubovna/shared';
import { ApiError, BadRequestError, NetworkError } from './api-errors.ts';
import { pickErrorMessage } from './error-message.ts';

export const NETWORK_ERROR_TEXT =
  'Nepodařilo se spojit se serverem. Zkontrolujte připojení a zkuste to znovu.';

/** Czech text for an error shown inside a form (the server's own message wins). */
export function describeError(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_TEXT;
  if (error instanceof ApiError) {
    const known = (ERROR_MESSAGES as Record<string, string>)[error.code];
    return error.serverMessage ?? known ?? GENERIC_CLIENT_ERROR;
  }
  return pickErrorMessage(error) ?? GENERIC_CLIENT_ERROR;
}

/** Validation messages keyed by field path (first message per field), for `form.setErrors`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof BadRequestError)) return errors;
  for (const { path, message } of error.validationErrors) {
    if (path && !(path in errors)) errors[path] = message;
  }
  return errors;
}

/** The machine code of an API failure, if the server sent one. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code || undefined;
  const code = (error as { response?: { data?: { error?: { code?: unknown } } } } | null)?.response?.data
    ?.error?.code;
  return typeof code === 'string' ? code : undefined;
}
