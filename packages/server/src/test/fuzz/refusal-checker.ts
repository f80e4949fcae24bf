import { expect } from 'vitest';
import type { HttpClient, HttpResponse } from '../http-client.ts';
import type { TestApp } from '../test-app.ts';
import { changedTables, type MarkedSnapshot, snapshotSince } from './db-snapshot.ts';
import { type HostileRequest, isRead } from './route-slots.ts';

/** Fastify's and Node's own English texts: seen here, a refusal escaped the Czech envelope. */
const ENGLISH_DEFAULTS = /Client Error|Bad Request|Not Found|Internal Server Error|Unsupported Media Type/;

export function describeRequest(request: HostileRequest): string {
  const body = request.body === undefined ? '' : ` ${request.body.slice(0, 200)}`;
  return `${request.signedIn ? 'root' : 'anonymous'} ${request.method} ${request.path.slice(0, 300)}${body}`;
}

/**
 * Sends hostile requests and holds the server to its promises: no 5xx, every refusal in the Czech
 * envelope, and no refused request changes stored data. Reads are checked in bulk (a read changes
 * nothing whatever its answer); every other request against a snapshot taken right after it, which
 * is taken only when something was written since the last one (snapshotSince).
 */
export class RefusalChecker {
  readonly statuses = new Map<number, number>();
  sent = 0;
  readonly #t: TestApp;
  readonly #clients: { root: HttpClient; anonymous: HttpClient };
  #before: MarkedSnapshot | undefined;
  #readsSinceSnapshot: HostileRequest[] = [];

  constructor(t: TestApp, root: HttpClient) {
    this.#t = t;
    this.#clients = { root, anonymous: t.client() };
  }

  /** Sends the requests in order; runs of reads go `parallel` at a time. */
  async sendAll(requests: Iterable<HostileRequest>, parallel = 8): Promise<void> {
    let reads: HostileRequest[] = [];
    const flush = async () => {
      for (let index = 0; index < reads.length; index += parallel)
        await Promise.all(reads.slice(index, index + parallel).map((request) => this.send(request)));
      reads = [];
    };
    for (const request of requests) {
      if (isRead(request.method)) {
        reads.push(request);
        continue;
      }
      await flush();
      await this.send(request);
    }
    await flush();
    await this.settle();
  }

  async send(request: HostileRequest): Promise<void> {
    if (!isRead(request.method)) await this.settle();
    this.#before ??= await snapshotSince(this.#t);
    const client = request.signedIn ? this.#clients.root : this.#clients.anonymous;
    const response = await client.request(request.method, request.path, undefined, {
      headers: request.headers,
      ...(request.body === undefined ? {} : { rawBody: request.body }),
    });
    this.sent += 1;
    this.statuses.set(response.status, (this.statuses.get(response.status) ?? 0) + 1);
    const what = `${describeRequest(request)} → ${response.status} ${response.text.slice(0, 300)}`;
    expect(response.status, what).toBeLessThan(500);
    if (response.status >= 400) expectEnvelope(request, response, what);
    if (isRead(request.method)) {
      this.#readsSinceSnapshot.push(request);
      return;
    }
    const changed = await this.#changedSinceLast();
    if (response.status >= 400) expect(changed, `${what}: a refused request changed data`).toEqual([]);
  }

  /** Checks that the reads since the last snapshot changed nothing. */
  async settle(): Promise<void> {
    if (this.#readsSinceSnapshot.length === 0 || !this.#before) return;
    const reads = this.#readsSinceSnapshot;
    this.#readsSinceSnapshot = [];
    const changed = await this.#changedSinceLast();
    expect(changed, `one of ${reads.length} reads changed data, e.g. ${describeRequest(reads[0]!)}`).toEqual(
      [],
    );
  }

  /** The tables changed since the last snapshot, which the one taken now replaces. */
  async #changedSinceLast(): Promise<string[]> {
    const before = this.#before ?? (await snapshotSince(this.#t));
    const after = await snapshotSince(this.#t, before);
    this.#before = after;
    return changedTables(before.tables, after.tables);
  }

  /** Share of answers that came from past routing and sign-in. */
  deepShare(): number {
    let deep = 0;
    for (const [status, count] of this.statuses) if (status !== 401 && status !== 404) deep += count;
    return deep / this.sent;
  }
}

function expectEnvelope(request: HostileRequest, response: HttpResponse, what: string): void {
  if (request.method === 'HEAD' || !request.path.toLowerCase().startsWith('/api')) return;
  expect(response.body?.error?.status, what).toBe(response.status);
  expect(typeof response.body.error.code, what).toBe('string');
  expect(response.body.error.message, what).toMatch(/\S/);
  expect(response.body.error.message, what).not.toMatch(ENGLISH_DEFAULTS);
}
