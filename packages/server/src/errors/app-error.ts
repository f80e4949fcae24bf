import { ERROR_MESSAGES, type ErrorCode, type ValidationError } from '@klubovna/shared';

/** The one error type the application throws on purpose; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly validationErrors: ValidationError[] | undefined;
  /** Extra fields merged into the error body (e.g. the current record on 409). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode | (string & {}),
    status: number,
    message?: string,
    extra: { validationErrors?: ValidationError[]; details?: Record<string, unknown> } = {},
  ) {
    super(message ?? ERROR_MESSAGES[code as ErrorCode] ?? ERROR_MESSAGES.BAD_REQUEST);
    this.code = code;
    this.status = status;
    this.validationErrors = extra.validationErrors;
    this.details = extra.details;
  }
}

export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED') => new AppError(code, 401);
export const forbidden = (code: ErrorCode = 'FORBIDDEN') => new AppError(code, 403);
export const notFound = (message?: string) => new AppError('NOT_FOUND', 404, message);

export function validationFailed(errors: ValidationError[]): AppError {
  return new AppError('VALIDATION_FAILED', 400, errors[0]?.message ?? ERROR_MESSAGES.VALIDATION_FAILED, {
    validationErrors: errors,
  });
}
