import http from 'node:http';
import zlib from 'node:zlib';

/**
 * The load's HTTP client: Node's own, with kept-alive connections, instead of `fetch`. The load
 * generator shares the machine's two cores with the instances, PostgreSQL, HAProxy and the S3 server,
 * and `fetch` spent a fifth of its processor time in its own machinery, in decompressing every answer
 * and in the timeout signals' exceptions. This one decompresses an answer only when its text is read
 * and times a request out with the socket's own timer.
 */

/** What a browser asks for: the instances compress their answers as for one. */
const ACCEPTED_ENCODINGS = 'gzip, deflate, br';
const TIMEOUT_MS = 30_000;
/**
 * Idle connections are closed by the client before HAProxy's client timeout and the instances' keep-alive
 * timeout (180 and 72 s), so a request is never sent on a connection the other side is closing.
 */
const IDLE_MS = 30_000;

const agent = new http.Agent({ keepAlive: true, timeout: IDLE_MS });

export interface HttpRequest {
  method: string;
  headers?: Record<string, string>;
  /** A JSON value (sent as JSON), FormData (sent as multipart) or nothing. */
  body?: unknown;
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer's body decoded as text; decompressed on first reading. */
  readonly text: string;
}

async function encodedBody(body: unknown): Promise<{ bytes?: Buffer; type?: string }> {
  if (body === undefined) return {};
  if (body instanceof FormData) {
    const encoded = new Response(body);
    return {
      bytes: Buffer.from(await encoded.arrayBuffer()),
      type: encoded.headers.get('content-type') ?? undefined,
    };
  }
  return { bytes: Buffer.from(JSON.stringify(body)), type: 'application/json' };
}

function decompressed(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    case 'br':
      return zlib.brotliDecompressSync(body);
    default:
      return body;
  }
}

function answerOf(response: http.IncomingMessage, body: Buffer): HttpAnswer {
  let text: string | undefined;
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    get text() {
      text ??= decompressed(body, response.headers['content-encoding']).toString('utf8');
      return text;
    },
  };
}

/** Sends `request` to `url` (http only); rejects when no answer comes (a refused or cut connection, a timeout). */
export async function send(url: string, request: HttpRequest): Promise<HttpAnswer> {
  const { bytes, type } = await encodedBody(request.body);
  const headers: Record<string, string> = { 'accept-encoding': ACCEPTED_ENCODINGS, ...request.headers };
  if (type) headers['content-type'] = type;
  if (bytes) headers['content-length'] = String(bytes.length);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(answerOf(response, Buffer.concat(chunks))));
      response.on('error', reject);
    });
    outgoing.setTimeout(TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(bytes);
  });
}
