import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@klubovna/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, type Manifest } from '../cli/backup/manifest.ts';
import { postgresFacts } from '../db/backup/postgres-backup.ts';
import { sqliteFacts } from '../db/backup/sqlite-backup.ts';
import { type ServerProcess, spawnServer } from '../test/server-process.ts';
import { createPostgresSchema, type PostgresSchema, TEST_ADMIN, testEngines } from '../test/test-app.ts';

const CLI = (name: string) => path.resolve(import.meta.dirname, `../cli/${name}.ts`);

/** Runs `npm run backup|restore` as a person would: its own process, configured by the environment. */
function runCli(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI(name), ...args],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, cwd: os.tmpdir() },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function upload(
  url: string,
  cookie: string,
  color: string,
): Promise<{ url: string; thumbnailUrl: string }> {
  const image = await sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('files[]', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'foto.png');
  const response = await fetch(`${url}${API_PATHS.fileUpload}?namespace=members`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(JSON.stringify(body));
  return body.data[0];
}

/** Writers creating members until told to stop; the ids of the creations acknowledged. */
function writeMembers(url: string, cookie: string, writers: number) {
  const ids: number[] = [];
  let stopped = false;
  const writer = async (index: number) => {
    for (let sequence = 0; !stopped; sequence += 1) {
      const response = await fetch(`${url}/api/cms/form/member`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Zálohovaná', lastName: `Členka ${index}-${sequence}` }),
      });
      if (response.status !== 201) throw new Error(await response.text());
      ids.push((await response.json()).data.id);
    }
  };
  const running = Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
  return {
    ids,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

const bytesOf = (root: string, files: string[]) =>
  Object.fromEntries(files.map((file) => [file, fs.readFileSync(path.join(root, file)).toString('base64')]));

describe.each(testEngines())(
  'backup while the server writes, and restore into a fresh place on %s',
  (engine) => {
    const folders: string[] = [];
    const folder = (name: string) => {
      const made = fs.mkdtempSync(path.join(os.tmpdir(), `klubovna-${name}-`));
      folders.push(made);
      return made;
    };
    let database: PostgresSchema | undefined;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      if (engine === 'postgres') database = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    });
    afterAll(async () => {
      await server?.kill();
      await database?.drop();
      for (const made of folders) fs.rmSync(made, { recursive: true, force: true });
    });

    it('finds every record and every file again, and refuses what would lose data', async () => {
      const live = folder('live');
      const withDatabase = (dataDir: string) => ({
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.databaseUrl } : {}),
      });
      server = await spawnServer(withDatabase(live));
      const cookie = await signIn(server.url);
      const uploads = [
        await upload(server.url, cookie, '#aa3333'),
        await upload(server.url, cookie, '#33aa33'),
        await upload(server.url, cookie, '#3333aa'),
      ];
      const writes = writeMembers(server.url, cookie, 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const acknowledgedBefore = [...writes.ids];
      const backupDir = path.join(folder('backups'), 'nova');
      const backup = await runCli('backup', ['--to', backupDir], withDatabase(live));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writes.stop();
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('Záloha je hotová');
      expect(writes.ids.length).toBeGreaterThan(acknowledgedBefore.length);

      const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ format: 1, engine, migration: expect.stringMatching(/^\d/) });
      expect(manifest.records.members).toBeGreaterThanOrEqual(acknowledgedBefore.length);
      const storedFiles = await listFiles(path.join(live, 'files'));
      expect(storedFiles.length).toBeGreaterThanOrEqual(6);
      expect(manifest.files.map((file) => file.path)).toEqual([
        manifest.database,
        ...storedFiles.map((file) => `files/${file}`),
      ]);

      // Not while a server works on the target's database.
      const busy = await runCli('restore', [backupDir, '--force'], withDatabase(live));
      expect(busy.code, busy.output).toBe(2);
      expect(busy.output).toContain('právě používá běžící server');
      await server.stop();
      server = undefined;

      // Not from a backup that has changed since.
      const tampered = path.join(folder('tampered'), 'zaloha');
      fs.cpSync(backupDir, tampered, { recursive: true });
      fs.appendFileSync(path.join(tampered, 'files', storedFiles[0]!), 'x');
      const refused = await runCli('restore', [tampered], withDatabase(folder('unused')));
      expect(refused.code, refused.output).toBe(3);
      expect(refused.output).toContain(`Soubor files/${storedFiles[0]} se liší od zálohy`);

      // Into a fresh place (on PostgreSQL the schema is lost first).
      await database?.query(`drop schema ${database.schema} cascade`);
      const fresh = folder('restored');
      const restored = await runCli('restore', [backupDir], withDatabase(fresh));
      expect(restored.code, restored.output).toBe(0);
      const facts = database
        ? await postgresFacts(database.databaseUrl)
        : sqliteFacts(path.join(fresh, 'klubovna.sqlite'));
      expect(facts).toEqual({ migration: manifest.migration, records: manifest.records });
      expect(await listFiles(path.join(fresh, 'files'))).toEqual(storedFiles);
      expect(bytesOf(path.join(fresh, 'files'), storedFiles)).toEqual(
        bytesOf(path.join(live, 'files'), storedFiles),
      );

      const again = await runCli('restore', [backupDir], withDatabase(fresh));
      expect(again.code, again.output).toBe(2);
      expect(again.output).toContain('už obsahuje data');
      const forced = await runCli('restore', [backupDir, '--force'], withDatabase(fresh));
      expect(forced.code, forced.output).toBe(0);

      // A server on the restored data serves every record acknowledged before the backup and every file.
      server = await spawnServer(withDatabase(fresh));
      const restoredCookie = await signIn(server.url);
      for (const id of acknowledgedBefore) {
        const member = await fetch(`${server.url}/api/cms/form/member/${id}`, {
          headers: { cookie: restoredCookie },
        });
        expect(member.status, `member ${id}`).toBe(200);
      }
      for (const uploaded of uploads)
        for (const address of [uploaded.url, uploaded.thumbnailUrl]) {
          const served = await fetch(`${server.url}${address}`, { headers: { cookie: restoredCookie } });
          expect(served.status, address).toBe(200);
          const relative = address.replace(/^\/files\//, '').split('?')[0]!;
          expect(
            Buffer.from(await served.arrayBuffer()).equals(
              fs.readFileSync(path.join(live, 'files', relative)),
            ),
          ).toBe(true);
        }
    }, 120_000);
  },
);
