import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { type SecondInstance, startSecondInstance } from '../../test/second-instance.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { takeHousekeepingTurn } from './housekeeping.service.ts';
import { ago, DAY, MINUTE, remainingAuthRows, seedAuthRows, uploader } from './housekeeping-fixtures.ts';

/** A second entity pointing at uploads, through a `file` field (members have an `image` one). */
const documentFixture: EntityDeclaration = {
  alias: 'test-document',
  table: 'test_documents',
  labels: { singular: 'Dokument', plural: 'Dokumenty' },
  area: 'content',
  screens: 'api-only',
  fields: {
    title: { kind: 'text', label: 'Název', required: true },
    attachment: { kind: 'file', label: 'Příloha' },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
};

/** What seedAuthRows leaves stale, plus `files` unreferenced old uploads. */
const staleRows = (files: number) => ({
  sessions: 2,
  attempts: 1,
  tokens: 2,
  files,
  trash: 0,
  invitations: 0,
  jobs: 0,
});

describe.each(testEngines())('housekeeping on %s', (engine) => {
  let t: TestApp;
  let upload: Awaited<ReturnType<typeof uploader>>;

  beforeAll(async () => {
    t = await startTestApp(engine, {}, {}, { fixtures: [documentFixture] });
    upload = await uploader(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.housekeeping.runPass();
  });

  it('deletes exactly the stale rows, and the stored objects of uploads nothing points at', async () => {
    const orphan = await upload(DAY + 10 * MINUTE);
    const fresh = await upload(DAY - 10 * MINUTE);
    const photo = await upload(3 * DAY);
    const attachment = await upload(3 * DAY);
    const member = await upload.client.post('/api/cms/form/member', {
      firstName: 'Eva',
      lastName: 'Dvořáková',
      photo: photo.id,
    });
    expect(member.status, member.text).toBe(201);
    const document = await upload.client.post('/api/cms/form/test-document', {
      title: 'Stanovy',
      attachment: attachment.id,
    });
    expect(document.status, document.text).toBe(201);
    const round = await seedAuthRows(t);

    expect(await t.app.housekeeping.runPass()).toEqual(staleRows(1));

    const left = await remainingAuthRows(t);
    expect(left.sessions).toContain(`live-${round}`);
    expect(left.sessions).not.toContain(`idle-${round}`);
    expect(left.sessions).not.toContain(`expired-${round}`);
    expect(left.attempts).toEqual([`ip:10.0.${round}.1`]);
    expect(left.tokens).toEqual([`usable-${round}`]);
    const files = await t.db.selectFrom('files').select('id').orderBy('id').execute();
    expect(files.map((file) => file.id)).toEqual([fresh.id, photo.id, attachment.id]);
    for (const object of orphan.onDisk) expect(fs.existsSync(object), object).toBe(false);
    for (const object of [...fresh.onDisk, ...photo.onDisk, ...attachment.onDisk])
      expect(fs.existsSync(object), object).toBe(true);
    expect((await upload.client.get('/api/cms/user')).status).toBe(200);

    expect(await t.app.housekeeping.runPass()).toEqual({
      sessions: 0,
      attempts: 0,
      tokens: 0,
      files: 0,
      trash: 0,
      invitations: 0,
      jobs: 0,
    });
  });

  it('frees an upload once the record that pointed at it lets go', async () => {
    const photo = await upload(2 * DAY);
    const member = await upload.client.post('/api/cms/form/member', {
      firstName: 'Petr',
      lastName: 'Malý',
      photo: photo.id,
    });
    expect((await t.app.housekeeping.runPass())?.files).toBe(0);
    const saved = await upload.client.put(`/api/cms/form/member/${member.body.data.id}`, {
      version: member.body.data.version,
      photo: null,
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await t.app.housekeeping.runPass())?.files).toBe(1);
    for (const object of photo.onDisk) expect(fs.existsSync(object)).toBe(false);
  });

  it('keeps an image put into an article’s text while the text shows it', async () => {
    const picture = await upload(2 * DAY);
    const article = await upload.client.post('/api/cms/content', {
      title: 'Článek s obrázkem',
      content: `<p>Text</p><img src="${picture.url}" alt="Hřiště">`,
    });
    expect(article.status, article.text).toBe(201);
    expect((await t.app.housekeeping.runPass())?.files).toBe(0);
    const saved = await upload.client.put(`/api/cms/content/${article.body.data.id}`, {
      version: article.body.data.version,
      content: '<p>Bez obrázku</p>',
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await t.app.housekeeping.runPass())?.files).toBe(1);
    for (const object of picture.onDisk) expect(fs.existsSync(object)).toBe(false);
  });

  it('keeps the upload of a trashed record until the record leaves the trash after TRASH_RETENTION_DAYS', async () => {
    const photo = await upload(2 * DAY);
    const member = await upload.client.post('/api/cms/form/member', {
      firstName: 'Ida',
      lastName: 'Smazaná',
      photo: photo.id,
    });
    expect(member.status, member.text).toBe(201);
    const deleted = await upload.client.delete(`/api/cms/form/member/${member.body.data.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await t.app.housekeeping.runPass()).toMatchObject({ files: 0, trash: 0 });
    for (const object of photo.onDisk) expect(fs.existsSync(object)).toBe(true);

    const retention = t.config.trashRetentionDays * DAY;
    await t.db
      .updateTable('trash')
      .set({ deleted_at: new Date(Date.now() - retention - MINUTE).toISOString() })
      .where('record_id', '=', member.body.data.id)
      .execute();
    expect(await t.app.housekeeping.runPass()).toMatchObject({ files: 1, trash: 1 });
    for (const object of photo.onDisk) expect(fs.existsSync(object)).toBe(false);
    expect(await t.db.selectFrom('trash_files').selectAll().execute()).toEqual([]);
  });

  it('joins a pass already running in this process instead of starting another', async () => {
    const orphan = await upload(2 * DAY);
    await seedAuthRows(t);
    const [first, second] = await Promise.all([t.app.housekeeping.runPass(), t.app.housekeeping.runPass()]);
    expect(second).toBe(first);
    expect(first).toEqual(staleRows(1));
    for (const object of orphan.onDisk) expect(fs.existsSync(object)).toBe(false);
  });
});

describe.each(testEngines().filter((engine) => engine === 'postgres'))(
  'housekeeping of instances sharing %s',
  (engine) => {
    let t: TestApp;
    let second: SecondInstance;
    let upload: Awaited<ReturnType<typeof uploader>>;

    beforeAll(async () => {
      t = await startTestApp(engine);
      second = await startSecondInstance(t);
      upload = await uploader(t);
    });
    afterAll(async () => {
      await second.close();
      await t.close();
    });

    it('skips a pass while another instance holds the turn, and runs it afterwards', async () => {
      await t.db
        .insertInto('auth_attempts')
        .values({ action: 'login', subject: 'ip:10.9.9.9', created_at: ago(2 * 60 * MINUTE) })
        .execute();
      await second.app.db.transaction().execute(async (trx) => {
        expect(await takeHousekeepingTurn(trx)).toBe(true);
        expect(await t.app.housekeeping.runPass()).toBeNull();
      });
      expect(await t.app.housekeeping.runPass()).toMatchObject({ attempts: 1 });
    });

    it('never deletes a row twice when both instances run a pass at once', async () => {
      const orphans = [await upload(2 * DAY), await upload(2 * DAY)];
      await seedAuthRows(t);
      const results = await Promise.all([t.app.housekeeping.runPass(), second.app.housekeeping.runPass()]);
      const ran = results.filter((result) => result !== null);
      expect(ran.length).toBeGreaterThan(0);
      const total = (kind: keyof ReturnType<typeof staleRows>) =>
        ran.reduce((sum, result) => sum + result[kind], 0);
      expect({
        sessions: total('sessions'),
        attempts: total('attempts'),
        tokens: total('tokens'),
        files: total('files'),
        trash: total('trash'),
        invitations: total('invitations'),
        jobs: total('jobs'),
      }).toEqual(staleRows(2));
      for (const object of orphans.flatMap((orphan) => orphan.onDisk))
        expect(fs.existsSync(object)).toBe(false);
    });
  },
);
