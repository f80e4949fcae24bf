import { fetchGet } from './fetch-get.ts';
import type { ApiClient } from './http-client.ts';

/**
 * The app's API client. axios is a sizeable library that the sign-in page does not need to show
 * itself, so the client module loads on the first call (or when `preloadApiClient` runs on idle).
 */
let client: Promise<ApiClient> | null = null;

export function preloadApiClient(): Promise<ApiClient> {
  client ??= import('./http-client.ts').then((module) => module.createApiClient());
  return client;
}

/** Tests (and only tests) swap in a client with their own transport. */
export function setApiClient(next: ApiClient | null): void {
  client = next ? Promise.resolve(next) : null;
}

export const api: ApiClient = {
  http: async () => (await preloadApiClient()).http(),
  get: async (url, params, options) => (await preloadApiClient()).get(url, params, options),
  post: async (url, body, options) => (await preloadApiClient()).post(url, body, options),
  put: async (url, body, options) => (await preloadApiClient()).put(url, body, options),
  delete: async (url, options) => (await preloadApiClient()).delete(url, options),
};

/**
 * A GET for the answers a screen needs first: through the API client once it has loaded (or the one a
 * test swapped in), through the browser's `fetch` before that, so those requests need not wait for the
 * client's chunk.
 */
export function apiGet<T>(url: string, params?: object | null): Promise<T> {
  return client ? api.get<T>(url, params) : fetchGet<T>(url, params);
}
