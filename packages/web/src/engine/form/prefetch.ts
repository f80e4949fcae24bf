import { formFirstAnswers, recordIdFromAddress } from '@klubovna/shared';
import { prefetchGet } from '../../api/prefetch-store.ts';

/**
 * Starts what an entity's form needs before it can show anything while the screen's code is still
 * loading: its schema and, on the edit screen (`?id=`), the record, at once (the addresses the server
 * names in the page, formFirstAnswers). The form's hooks take the answers over.
 */
export function prefetchForm(alias: string, address: URLSearchParams): void {
  for (const url of formFirstAnswers(alias, recordIdFromAddress(address)))
    void prefetchGet(url).catch(() => {});
}
