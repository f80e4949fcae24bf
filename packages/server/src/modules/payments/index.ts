/** What other modules may use of the payments module. */

export { assertClubAccount, findClubAccount } from './club-account.ts';
export { ownPayments } from './own-payments.ts';
export { refreshPaymentTexts } from './payment-texts.ts';
