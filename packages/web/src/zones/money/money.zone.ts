/** The treasurer's own screens (one lazy chunk): payments with their reminders, bank transactions with their assignment, a statement's upload. */
export { BankTransactionListPage } from './bank-transaction-list-page.tsx';
export { PaymentListPage } from './payment-list-page.tsx';
export { StatementUploadPage } from './statement-upload-page.tsx';
