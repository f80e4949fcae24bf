import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadedFile } from '@klubovna/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { pdfDocument, pngImage, uploadFile } from '../../test/uploads.ts';

// `npm run storage:copy-to-s3` moves a club that stored its uploads on the disk to a bucket: it copies
// every file and checks that every file the database names arrived. `npm run backup` leaves the bucket's
// files to the bucket (its versioning and replication) and says so.

const command = (name: string) => path.resolve(import.meta.dirname, `../../cli/${name}.ts`);

/** Runs `npm run <name>` as a person would: its own process, configured by the environment alone. */
function runCommand(name: 'storage-copy-to-s3' | 'backup', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [command(name), ...args],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, cwd: os.tmpdir() },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const copyToS3 = (env: Record<string, string>) => runCommand('storage-copy-to-s3', [], env);

/** DATABASE_URL of the test app's own PostgreSQL schema, as an operator would set it. */
async function databaseUrlOf(t: TestApp): Promise<Record<string, string>> {
  if (t.engine !== 'postgres') return {};
  const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db))
    .rows[0]!;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { DATABASE_URL: url.toString() };
}

const keyOf = (url: string) => url.replace(/^\/files\//, '');
const objectUrl = (s3: TestS3Server, key: string) => `${s3.endpoint}/${s3.bucket}/${key}`;

describe.each(testEngines())('copying local uploads into a bucket on %s', (engine) => {
  let s3: TestS3Server;
  let t: TestApp;
  let root: HttpClient;
  let env: Record<string, string>;
  const uploads: UploadedFile[] = [];
  const keys = () =>
    uploads.flatMap((file) => [file.url, ...(file.thumbnailUrl ? [file.thumbnailUrl] : [])]).map(keyOf);

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    uploads.push(
      await uploadFile(root, 'members', {
        name: 'a.png',
        type: 'image/png',
        bytes: await pngImage(500, 400, '#aa0000'),
      }),
      await uploadFile(root, 'articles', {
        name: 'b.png',
        type: 'image/png',
        bytes: await pngImage(64, 64, '#00aa00'),
      }),
      await uploadFile(root, 'members', {
        name: 'c.pdf',
        type: 'application/pdf',
        bytes: pdfDocument(200_000),
      }),
    );
    env = { DATA_DIR: t.config.dataDir, ...(await databaseUrlOf(t)), ...s3.env };
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('copies every stored file byte for byte, with its type, and finds every referenced one there', async () => {
    const run = await copyToS3(env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Kopíruji 5 souborů ze složky ${path.join(t.config.dataDir, 'files')} do bucketu ${s3.bucket}.`,
    );
    expect(run.stdout).toContain('  5 z 5 hotovo');
    expect(run.stdout).toContain(
      'Zkopírováno: 5 souborů, už v bucketu: 0 souborů. Databáze uvádí 5 souborů; v bucketu jsou všechny.',
    );
    for (const key of keys()) {
      const object = await fetch(objectUrl(s3, key));
      expect(object.status, key).toBe(200);
      const local = fs.readFileSync(path.join(t.config.dataDir, 'files', key));
      expect(Buffer.from(await object.arrayBuffer()).equals(local), key).toBe(true);
    }
    expect((await fetch(objectUrl(s3, keyOf(uploads[2]!.url)))).headers.get('content-type')).toBe(
      'application/pdf',
    );
    expect((await fetch(objectUrl(s3, keyOf(uploads[0]!.thumbnailUrl!)))).headers.get('content-type')).toBe(
      'image/webp',
    );
  });

  it('leaves what is already there when run again', async () => {
    const again = await copyToS3(env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Zkopírováno: 0 souborů, už v bucketu: 5 souborů.');
  });

  it('fails, naming each file the bucket lacks, when a referenced file is nowhere to copy from', async () => {
    const lost = keyOf(uploads[1]!.thumbnailUrl!);
    fs.rmSync(path.join(t.config.dataDir, 'files', lost));
    expect((await fetch(objectUrl(s3, lost), { method: 'DELETE' })).status).toBe(204);
    const run = await copyToS3(env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`Chybí v bucketu: ${lost} (soubor č. ${uploads[1]!.id}, „b.png“)\n`);
    expect(run.stdout).toContain('Databáze uvádí 5 souborů; v bucketu chybí: 1 soubor.');
  });

  it('refuses, in Czech and with exit code 2, without a bucket, a server that answers, the bucket or the keys', async () => {
    const unset = await copyToS3({ DATA_DIR: t.config.dataDir });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toBe('Není nastaven S3_BUCKET: nastavte úložiště S3 stejně jako pro server.\n');
    const down = await copyToS3({ ...env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    expect(down.code).toBe(2);
    expect(down.stderr).toBe(`Bucket ${s3.bucket} není dosažitelný: connect ECONNREFUSED 127.0.0.1:9\n`);
    const absent = await copyToS3({ ...env, S3_BUCKET: 'zadny-bucket' });
    expect(absent.code).toBe(2);
    expect(absent.stderr).toBe('Bucket zadny-bucket není dosažitelný: takový bucket na serveru není.\n');
    const refused = await copyToS3({
      ...env,
      AWS_ACCESS_KEY_ID: 'CIZI',
      AWS_SECRET_ACCESS_KEY: 'spatny-klic',
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `Bucket ${s3.bucket} není dosažitelný: server přístup odepřel (zkontrolujte AWS_ACCESS_KEY_ID a AWS_SECRET_ACCESS_KEY).\n`,
    );
  });
});

describe('npm run backup with the files in a bucket', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let image: UploadedFile;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp('sqlite', s3.env);
    const root = await t.signedInAsRoot();
    image = await uploadFile(root, 'members', {
      name: 'a.png',
      type: 'image/png',
      bytes: await pngImage(64, 64, '#0000aa'),
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('backs up the database and says the files are the bucket’s to keep', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-backup-')), 'zaloha');
    try {
      const run = await runCommand('backup', ['--to', folder], { DATA_DIR: t.config.dataDir, ...s3.env });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        `Nahrané soubory jsou v bucketu ${s3.bucket} (S3_BUCKET) a záloha je neobsahuje: chraňte je verzováním a replikací bucketu (docs/operations.md).`,
      );
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
      expect(manifest.files.map((file: { path: string }) => file.path)).toEqual(['database/klubovna.sqlite']);
      expect(manifest.records.files).toBe(1);
      expect((await fetch(objectUrl(s3, keyOf(image.url)))).status).toBe(200);
    } finally {
      fs.rmSync(path.dirname(folder), { recursive: true, force: true });
    }
  });
});
