import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../test/server-process.ts';
import { localBaseUrl, loggerOptions, startLine } from './logging.ts';

describe('what npm start prints', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-logging-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('pretty lines for a terminal, JSON lines otherwise', async () => {
    const config = { logLevel: 'info' } as Parameters<typeof loggerOptions>[0];
    expect(await loggerOptions(config, { isTTY: false })).toEqual({ level: 'info' });
    const pretty = (await loggerOptions(config, { isTTY: true })) as { stream?: NodeJS.WritableStream };
    expect(pretty.stream).toBeDefined();
  });

  it('names both addresses, and on the first start how to sign in', () => {
    expect(localBaseUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(localBaseUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(startLine('http://127.0.0.1:3000')).toBe(
      'Klubovna běží: administrace http://127.0.0.1:3000/admin, veřejný web http://127.0.0.1:3000/',
    );
    expect(
      startLine('http://localhost:3000', { email: 'admin@klubovna.local', password: 'tajne-heslo' }),
    ).toContain('První spuštění: přihlaste se jako admin@klubovna.local heslem tajne-heslo a pak ho změňte.');
  });

  it('starts with that line, then logs one JSON line per request and none for the web app files', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_PASSWORD: '' });
    try {
      await fetch(`${server.url}/admin/login`);
      await fetch(`${server.url}/admin/assets/neexistuje-Ab12Cd34.js`);
      await fetch(`${server.url}/api/cms/user`);
      await expect.poll(() => server.output()).toContain('GET /api/cms/user 401');
      const lines = server.output().trim().split('\n');
      const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
      expect(entries[0]!.msg).toMatch(
        /^Klubovna běží: administrace http:\/\/127\.0\.0\.1:\d+\/admin, veřejný web http:\/\/127\.0\.0\.1:\d+\/\. První spuštění: přihlaste se jako root@klub\.test heslem \S{20} a pak ho změňte\.$/,
      );
      const requests = entries.filter((entry) => /^(GET|POST) /.test(entry.msg)).map((entry) => entry.msg);
      expect(requests.some((msg) => msg.startsWith('GET /api/health 200'))).toBe(true);
      expect(requests.filter((msg) => msg.includes('/admin'))).toEqual([]);
      expect(
        entries.some((entry) => /incoming request|request completed|Server listening/.test(entry.msg)),
      ).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
