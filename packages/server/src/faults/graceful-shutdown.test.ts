import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@klubovna/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../test/server-process.ts';
import { createPostgresSchema, type PostgresSchema, TEST_ADMIN, testEngines } from '../test/test-app.ts';

/** A raw HTTP/1.1 connection: what it received, and whether the server closed it. */
interface RawConnection {
  socket: net.Socket;
  received: () => string;
  closed: Promise<void>;
}

async function connect(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => text, closed };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const exitOf = (server: ServerProcess) =>
  new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) resolve(server.child.exitCode);
    else server.child.once('exit', (code) => resolve(code));
  });

async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

describe.each(testEngines())('SIGTERM of the real server on %s', (engine) => {
  let dataDir: string;
  let server: ServerProcess;
  let database: PostgresSchema | undefined;
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-shutdown-'));
    if (engine === 'postgres') database = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
  });
  afterEach(async () => {
    await server?.kill();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.databaseUrl } : {}),
    ...extra,
  });

  it('finishes a request in flight, closes kept-alive connections and exits well within 5 s', async () => {
    server = await spawnServer(env());
    const cookie = await signIn(server.url);

    // A client that keeps its connection alive after an answer, as browsers and proxies do.
    const idle = await connect(server.url);
    idle.socket.write(`GET ${API_PATHS.healthLive} HTTP/1.1\r\nHost: klub.test\r\n\r\n`);
    await until(() => idle.received().includes('"ok"'), 'the kept-alive answer');

    // A save whose body arrives slowly: in flight when SIGTERM comes.
    const body = JSON.stringify({ firstName: 'Jana', lastName: 'Dobíhající', note: 'za letu' });
    const bytes = Buffer.from(body);
    const busy = await connect(server.url);
    busy.socket.write(
      `POST /api/cms/form/member HTTP/1.1\r\nHost: klub.test\r\nCookie: ${cookie}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`,
    );
    busy.socket.write(bytes.subarray(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = exitOf(server);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await idle.closed;
    // No new connection is taken while the save finishes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(fetch(`${server.url}${API_PATHS.healthLive}`)).rejects.toThrow();

    busy.socket.write(bytes.subarray(10));
    await busy.closed;
    const answer = busy.received();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const saved = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(saved.data).toMatchObject({ lastName: 'Dobíhající' });

    expect(await exited, server.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);

    // The acknowledged save is there after the restart.
    server = await spawnServer(env());
    const again = await fetch(`${server.url}/api/cms/form/member/${saved.data.id}`, {
      headers: { cookie: await signIn(server.url) },
    });
    expect((await again.json()).data).toMatchObject({ lastName: 'Dobíhající', note: 'za letu' });
  }, 60_000);

  it('cuts off a request still running after SHUTDOWN_GRACE_SECONDS and exits', async () => {
    server = await spawnServer(env({ SHUTDOWN_GRACE_SECONDS: '1' }));
    const stuck = await connect(server.url);
    stuck.socket.write(
      'POST /api/login HTTP/1.1\r\nHost: klub.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = exitOf(server);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await stuck.closed;
    expect(await exited, server.output()).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
  }, 60_000);
});
