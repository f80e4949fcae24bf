import { checkAnswer } from './contract.ts';

export interface HttpResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  body: any;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as is (with the given content-type) instead of JSON. */
  rawBody?: string | Buffer | FormData;
}

/**
 * A tiny HTTP client with a cookie jar, talking to the real server over the network. Every answer of
 * a test app is checked against the app's OpenAPI document (contract.ts) and throws when outside it.
 */
export class HttpClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let payload: string | Buffer | FormData | undefined = options.rawBody;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: payload as BodyInit,
      redirect: 'manual',
    });
    this.storeCookies(response.headers);
    // Keep a byte-order mark visible: exports are checked for it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    checkAnswer(this.baseUrl, {
      method,
      path,
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: parsed,
      text,
    });
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, undefined, options);
  post = (path: string, body?: unknown, options?: RequestOptions) =>
    this.request('POST', path, body, options);
  put = (path: string, body?: unknown, options?: RequestOptions) => this.request('PUT', path, body, options);
  delete = (path: string, options?: RequestOptions) => this.request('DELETE', path, undefined, options);

  async login(email: string, password: string): Promise<HttpResponse> {
    const response = await this.post('/api/login', { email, password });
    if (response.status !== 200)
      throw new Error(`login as ${email} failed: ${response.status} ${response.text}`);
    return response;
  }
}
