/** What other modules may use of the payments module. */

export { assertClubAccount, type ClubAccount, findClubAccount } from './club-account.ts';
export { ownPayments } from './own-payments.ts';
export { OVERDUE_FILTER } from './payment.filters.ts';
export { OWING_STATES } from './payment-state.ts';
export { refreshPaymentTexts } from './payment-texts.ts';
export { qrPng } from './qr-platba/qr-code.ts';
export {
  cancellationFeeHooks,
  signUpFeeEffects,
  signUpFeeFields,
  signUpPaymentStatesOf,
} from './sign-up-fee-declarations.ts';
export { type FeeSource, signUpPaymentStates } from './sign-up-fees.ts';
