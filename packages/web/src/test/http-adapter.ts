import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export type FakeReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error';

export interface RecordedRequest {
  method: string;
  url: string;
  /** Path and query exactly as they would go over the wire. */
  fullUrl: string;
  headers: Record<string, unknown>;
  data: unknown;
  timeout: number | undefined;
}

/**
 * An axios adapter that answers like the real HTTP adapter: JSON text bodies, status validation,
 * `AxiosError` with the response for 4xx/5xx and without one when the network fails.
 */
export function fakeHttp(reply: (request: RecordedRequest, config: InternalAxiosRequestConfig) => FakeReply) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const recorded: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      fullUrl: buildFullUrl(config),
      headers: config.headers.toJSON() as Record<string, unknown>,
      data: config.data,
      timeout: config.timeout,
    };
    requests.push(recorded);
    const answer = reply(recorded, config);
    const request = { path: recorded.fullUrl };
    if (answer === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, request);
    }
    const response: AxiosResponse = {
      data: answer.body === undefined ? '' : JSON.stringify(answer.body),
      status: answer.status,
      statusText: String(answer.status),
      headers: { 'content-type': 'application/json; charset=utf-8', ...answer.headers },
      config,
      request,
    };
    const valid = config.validateStatus ? config.validateStatus(answer.status) : answer.status < 400;
    if (valid) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
      config,
      request,
      response,
    );
  };
  return { adapter, requests };
}

function buildFullUrl(config: InternalAxiosRequestConfig): string {
  const query = config.params
    ? config.paramsSerializer &&
      typeof config.paramsSerializer === 'object' &&
      config.paramsSerializer.serialize
      ? config.paramsSerializer.serialize(config.params, config.paramsSerializer)
      : ''
    : '';
  return query ? `${config.url}?${query}` : (config.url ?? '');
}
