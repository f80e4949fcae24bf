import type { ApiErrorBody, ValidationError } from '@klubovna/shared';

/** Messages of errors that carry none from the server: a 401 without a body, and no response at all. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized.';
export const NETWORK_ERROR_MESSAGE = 'Network error.';

function errorObject(body: unknown): Partial<ApiErrorBody['error']> {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  return error && typeof error === 'object' ? (error as Partial<ApiErrorBody['error']>) : {};
}

/** A failed API call: message, code and status come from the response's error object. */
export class ApiError extends Error {
  /** HTTP status (the error object's, else the response's). */
  readonly status: number;
  /** Machine code from the error object, e.g. `INVALID_CREDENTIALS`. */
  readonly code: string;
  /** The Czech text the server sent in `error.message`, if any. */
  readonly serverMessage: string | undefined;
  /** The whole response body. */
  readonly body: unknown;

  constructor(message: string, response: { status: number; data: unknown }, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    const error = errorObject(response.data);
    this.status = typeof error.status === 'number' ? error.status : response.status;
    this.code = typeof error.code === 'string' ? error.code : '';
    this.serverMessage = typeof error.message === 'string' ? error.message : undefined;
    this.body = response.data;
  }
}

/** HTTP 400: message is the body's `error.message`; the whole body is kept. */
export class BadRequestError extends ApiError {
  declare readonly body: ApiErrorBody;

  constructor(response: { status: number; data: unknown }, options?: ErrorOptions) {
    super(errorObject(response.data).message ?? 'Bad request.', response, options);
    this.name = 'BadRequestError';
  }

  get validationErrors(): ValidationError[] {
    return this.body?.validationErrors ?? [];
  }
}

/** HTTP 401. */
export class UnauthorizedError extends ApiError {
  constructor(response: { status: number; data: unknown }, options?: ErrorOptions) {
    super(UNAUTHORIZED_MESSAGE, response, options);
    this.name = 'UnauthorizedError';
  }
}

/** HTTP 403; the server's message when it sent one, else 'Unauthorized.'. */
export class ForbiddenError extends ApiError {
  constructor(response: { status: number; data: unknown }, options?: ErrorOptions) {
    super(errorObject(response.data).message ?? UNAUTHORIZED_MESSAGE, response, options);
    this.name = 'ForbiddenError';
  }
}

/** The request left but no response came back (offline, DNS, timeout, server down). */
export class NetworkError extends Error {
  constructor(options?: ErrorOptions) {
    super(NETWORK_ERROR_MESSAGE, options);
    this.name = 'NetworkError';
  }
}

/** The parts of an axios error the catalogue reads (checked by shape so this module needs no axios). */
interface AxiosLikeError {
  isAxiosError: true;
  code?: string;
  request?: unknown;
  response?: { status: number; data: unknown };
}

export function isAxiosLikeError(error: unknown): error is AxiosLikeError {
  return (error as { isAxiosError?: unknown } | null)?.isAxiosError === true;
}

function isCancellation(error: unknown): boolean {
  return (
    (error as { __CANCEL__?: unknown } | null)?.__CANCEL__ === true ||
    (error as Error | null)?.name === 'CanceledError'
  );
}

/** Maps a failed axios call onto the catalogue; anything else is returned unchanged to be rethrown. */
export function toApiError(error: unknown): unknown {
  if (isCancellation(error) || !isAxiosLikeError(error)) return error;
  const response = error.response;
  if (response) {
    const cause = { cause: error };
    if (response.status === 400) return new BadRequestError(response, cause);
    if (response.status === 401) return new UnauthorizedError(response, cause);
    if (response.status === 403) return new ForbiddenError(response, cause);
    return error;
  }
  if (error.request || error.code === 'ERR_NETWORK') return new NetworkError({ cause: error });
  return error;
}
