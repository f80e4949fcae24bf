import { appPath } from '../../ui/navigation/app-path.ts';

/**
 * The bank transactions assigned to no payment: the list's own filter of an empty relation
 * (`filter[payment]=none`), so the queue is the list, with its search, columns and export.
 */
export const unmatchedQueuePath = () => appPath('bank-transaction.list', { 'filter[payment]': 'none' });
