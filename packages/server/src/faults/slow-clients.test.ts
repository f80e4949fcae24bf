import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const SLOW_HEADERS = 100;
const SLOW_BODIES = 20;
/** Short deadlines so the test is quick; the defaults (README) are 10 s and 120 s. */
const HEADERS_TIMEOUT_S = 2;
const REQUEST_TIMEOUT_S = 3;

interface SlowClient {
  /** What the server sent before it closed the connection. */
  answer: Promise<string>;
  stop: () => void;
}

/** A connection that sends `head`, then one more byte of `trickle` every `everyMs`, never finishing. */
function slowClient(url: string, head: string, trickle: string, everyMs: number): SlowClient {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(head);
    let position = 0;
    timer = setInterval(() => {
      if (!socket.destroyed) socket.write(trickle[position++ % trickle.length]!);
    }, everyMs);
  });
  const answer = new Promise<string>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    }),
  );
  return {
    answer,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe('slow clients (slowloris) against the real server', () => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      HEADERS_TIMEOUT: String(HEADERS_TIMEOUT_S),
      REQUEST_TIMEOUT: String(REQUEST_TIMEOUT_S),
    });
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('keeps serving others while slow senders hold connections, and cuts the slow ones off at the deadlines', async () => {
    const slow = [
      ...Array.from({ length: SLOW_HEADERS }, () =>
        slowClient(t.url, 'GET /api/health HTTP/1.1\r\nHost: klub.test\r\n', 'X-Pomalu: a\r\n', 200),
      ),
      ...Array.from({ length: SLOW_BODIES }, () =>
        slowClient(
          t.url,
          'POST /api/login HTTP/1.1\r\nHost: klub.test\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"email":"',
          'a',
          200,
        ),
      ),
    ];
    try {
      const started = Date.now();
      let served = 0;
      while (Date.now() - started < (HEADERS_TIMEOUT_S + 1) * 1000) {
        const [user, grid] = await Promise.all([
          root.get('/api/cms/user'),
          root.get('/api/cms/datagrid/member'),
        ]);
        expect([user.status, grid.status]).toEqual([200, 200]);
        served += 2;
      }
      expect(served).toBeGreaterThan(10);

      const answers = await Promise.all(slow.map((client) => client.answer));
      const elapsed = (Date.now() - started) / 1000;
      // Within the deadline plus Node's check interval (2 s) and some slack for a busy machine.
      expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_S + 10);
      for (const answer of answers) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
        expect(answer).toContain('Požadavek nedorazil celý včas.');
      }
    } finally {
      for (const client of slow) client.stop();
    }
    expect((await root.get('/api/cms/user')).status).toBe(200);
  }, 60_000);
});
