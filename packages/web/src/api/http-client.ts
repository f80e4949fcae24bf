import { serializeQuery } from '@klubovna/shared';
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { toApiError } from './api-errors.ts';
import { unwrap } from './envelope.ts';

export interface HttpClientOptions {
  /** Replaces axios's transport (tests answer requests with real HTTP-shaped responses). */
  adapter?: AxiosAdapter;
  /** The API's origin; same origin by default. */
  baseURL?: string;
}

/**
 * The axios instance every call goes through (this module is loaded lazily, see `api.ts`): JSON, the CSRF header the server requires, query
 * parameters serialised by the shared helper (nulls skipped), failures mapped to the error catalogue.
 */
export function createHttpClient({ adapter, baseURL = '' }: HttpClientOptions = {}): AxiosInstance {
  const client = axios.create({
    baseURL,
    adapter,
    withCredentials: true,
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    // The shared serialiser skips nulls and repeats array keys; axios adds the `?` itself.
    paramsSerializer: { serialize: (params) => serializeQuery(params).replace(/^\?/, '') },
  });
  client.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));
  return client;
}

export type RequestOptions = Omit<AxiosRequestConfig, 'url' | 'method' | 'data'>;

export interface ApiClient {
  /** The underlying axios instance (e.g. for uploads with progress). */
  http: () => Promise<AxiosInstance>;
  get: <T>(url: string, params?: object | null, options?: RequestOptions) => Promise<T>;
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  delete: <T>(url: string, options?: RequestOptions) => Promise<T>;
}

export function createApiClient(http: AxiosInstance = createHttpClient()): ApiClient {
  return {
    http: async () => http,
    get: async (url, params, options) => {
      const config: AxiosRequestConfig = { ...options, params: params ?? undefined };
      return unwrap((await http.get(url, config)).data);
    },
    post: async (url, body, options) => unwrap((await http.post(url, body, options)).data),
    put: async (url, body, options) => unwrap((await http.put(url, body, options)).data),
    delete: async (url, options) => unwrap((await http.delete(url, options)).data),
  };
}
