import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedConfig, installed } from '../test/documented-config.ts';
import { freePort, type ServerProcess, spawnServer } from '../test/server-process.ts';
import { TEST_ADMIN } from '../test/test-app.ts';

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A request to the proxy from 127.0.0.2, so the proxy's own address (127.0.0.1) is not the client's. */
function request(
  url: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const sent = http.request(
      `${url}${target}`,
      { method, headers, localAddress: '127.0.0.2', agent: false },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
        );
      },
    );
    sent.once('error', reject);
    sent.end(body);
  });
}

async function untilReady(url: string, proxy: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (proxy.exitCode !== null) throw new Error(`the proxy exited: ${output()}`);
    const answer = await request(url, 'GET', API_PATHS.healthReady).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the proxy did not pass requests within 20 s: ${output()}`);
}

/** The documented configs with TLS swapped for plain HTTP on a free port and the app's address put in. */
const PROXIES = {
  nginx: {
    command: 'nginx',
    config: (port: number, app: string, dir: string) =>
      `pid ${dir}/nginx.pid;\nerror_log stderr warn;\nevents {}\nhttp {\naccess_log off;\nclient_body_temp_path ${dir};\nproxy_temp_path ${dir};\n${documentedConfig(
        'nginx',
      )
        .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`)
        .replace(/\s*ssl_certificate\S* [^;]+;/g, '')
        .replaceAll(/127\.0\.0\.1:300[01]/g, app)}\n}\n`,
    args: (file: string) => ['-c', file, '-g', 'daemon off;'],
  },
  haproxy: {
    command: 'haproxy',
    config: (port: number, app: string) =>
      documentedConfig('haproxy')
        .replace(/bind :443 ssl crt \S+/, `bind 127.0.0.1:${port}`)
        .replace(
          /http-request set-header X-Forwarded-Proto https/,
          'http-request set-header X-Forwarded-Proto http',
        )
        .replaceAll(/127\.0\.0\.1:300[01]/g, app),
    args: (file: string) => ['-f', file, '-db'],
  },
} as const;

describe.each(Object.keys(PROXIES) as Array<keyof typeof PROXIES>)(
  'the documented %s config in front of the real server',
  (name) => {
    const proxy = PROXIES[name];
    let dir: string;
    let server: ServerProcess;
    let child: ChildProcess | undefined;
    let url: string;

    beforeAll(async () => {
      if (!installed(proxy.command)) return;
      dir = fs.mkdtempSync(path.join(os.tmpdir(), `klubovna-${name}-`));
      server = await spawnServer({ DATA_DIR: path.join(dir, 'data'), TRUST_PROXY: '127.0.0.1' });
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      const file = path.join(dir, `${name}.conf`);
      fs.writeFileSync(file, proxy.config(port, new URL(server.url).host, dir));
      let log = '';
      child = spawn(proxy.command, proxy.args(file), { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk) => (log += chunk));
      child.stderr?.on('data', (chunk) => (log += chunk));
      await untilReady(url, child, () => log);
    }, 60_000);
    afterAll(async () => {
      if (child && child.exitCode === null) {
        const gone = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      await server?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it.skipIf(!installed(proxy.command))(
      'passes the client address the proxy saw, not one the client claims',
      async () => {
        const login = await request(
          url,
          'POST',
          API_PATHS.login,
          { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.66' },
          JSON.stringify(TEST_ADMIN),
        );
        expect(login.status, login.body).toBe(200);
        const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
        const activity = await request(url, 'GET', API_PATHS.ownActivity, { cookie });
        expect(JSON.parse(activity.body).data.signIns[0].ip).toBe('127.0.0.2');
      },
    );
  },
);
