import type { SWRConfiguration } from 'swr';
import { apiGet } from './api.ts';
import { ApiError } from './api-errors.ts';
import { type ApiKey, takePrefetched } from './prefetch-store.ts';

export type { ApiKey };

/**
 * How SWR spaces requests: identical requests within the deduping interval share one answer, a
 * refocused window refetches at most once per throttle interval, a failed request is retried after the
 * retry interval (the slow one on slow connections).
 */
export const SWR_DEDUPING_INTERVAL_MS = 2000;
export const SWR_FOCUS_THROTTLE_INTERVAL_MS = 5000;
export const SWR_ERROR_RETRY_INTERVAL_MS = 5000;
export const SWR_ERROR_RETRY_INTERVAL_SLOW_MS = 10_000;
const MAX_ERROR_RETRIES = 5;

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

export function isSlowConnection(nav: Navigator | undefined = globalThis.navigator): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformationLike }) | undefined)?.connection;
  return (
    !!connection &&
    (connection.saveData === true || ['slow-2g', '2g'].includes(connection.effectiveType ?? ''))
  );
}

/**
 * SWR's fetcher: the answer a screen's prefetch already asked for, else a GET (`apiGet`: the browser's
 * `fetch` until the API client has loaded, so a screen's first answers do not wait for axios's chunk).
 */
export function apiFetcher<T>(key: ApiKey): Promise<T> {
  return takePrefetched<T>(key) ?? (typeof key === 'string' ? apiGet<T>(key) : apiGet<T>(key[0], key[1]));
}

/** Client errors will fail the same way again; only network and server errors are retried. */
export function shouldRetry(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500;
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  return status === undefined || status >= 500;
}

export function createSwrConfig(slow: boolean = isSlowConnection()): SWRConfiguration {
  const errorRetryInterval = slow ? SWR_ERROR_RETRY_INTERVAL_SLOW_MS : SWR_ERROR_RETRY_INTERVAL_MS;
  return {
    fetcher: apiFetcher,
    dedupingInterval: SWR_DEDUPING_INTERVAL_MS,
    focusThrottleInterval: SWR_FOCUS_THROTTLE_INTERVAL_MS,
    errorRetryInterval,
    onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
      if (!shouldRetry(error) || retryCount > MAX_ERROR_RETRIES) return;
      // SWR's own back-off: the interval grows with each retry, jittered.
      const backoff = Math.floor((Math.random() + 0.5) * (1 << Math.min(retryCount, 8)));
      setTimeout(
        () => revalidate({ retryCount }),
        backoff * (config.errorRetryInterval ?? errorRetryInterval),
      );
    },
  };
}
