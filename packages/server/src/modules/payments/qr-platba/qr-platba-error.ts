import { AppError } from '../../../errors/app-error.ts';

/**
 * Payment data that cannot go into a QR Platba (an account number with a wrong checksum, an amount
 * out of range…). A 400 with a Czech message the person can act on; a caller that knows which form
 * field it came from can catch it and attach the message to that field.
 */
export class QrPlatbaError extends AppError {
  constructor(message: string) {
    super('VALIDATION_FAILED', 400, message);
    this.name = 'QrPlatbaError';
  }
}
