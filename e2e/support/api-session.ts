/** An answer of the JSON API: the status and the parsed body (the `{ data }` or `{ error }` envelope). */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: { data?: T; error?: { message: string; code: string } };
}

/**
 * A signed-in API client for arranging and checking data in browser tests, talking HTTP to the real
 * server as the back office's own script does (session cookie plus `X-Requested-With`).
 */
export interface ApiSession {
  request: <T = unknown>(method: string, path: string, body?: unknown) => Promise<ApiAnswer<T>>;
  /** Like `request`, but fails unless the answer is 2xx, and gives its `data`. */
  data: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
}

export async function apiSession(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`Signing in ${email} failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

  const request = async <T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // Downloads (CSV, XLSX) are not JSON: only their status matters here.
    const json = response.headers.get('content-type')?.includes('application/json');
    const text = await response.text();
    return { status: response.status, body: json && text ? JSON.parse(text) : {} };
  };

  return {
    request,
    data: async <T>(method: string, path: string, body?: unknown) => {
      const answer = await request<T>(method, path, body);
      if (answer.status < 200 || answer.status >= 300) {
        throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
      return answer.body.data as T;
    },
  };
}
