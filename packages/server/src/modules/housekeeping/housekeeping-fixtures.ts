import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { TEST_ADMIN, type TestApp } from '../../test/test-app.ts';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

let seedRound = 0;

/**
 * Sessions, sign-in attempts and password tokens of the root user, each named after the round:
 * stale are an idle and an expired session, an attempt of 70 minutes ago (the longest rate-limit
 * window is an hour), a used and an expired token; kept are a live session, an attempt of 50 minutes
 * ago and a usable token. Answers the round.
 */
export async function seedAuthRows(t: TestApp): Promise<number> {
  seedRound += 1;
  const round = seedRound;
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', TEST_ADMIN.email)
    .executeTakeFirstOrThrow();
  const session = (name: string, lastSeenMsAgo: number, expiresInMs: number) => ({
    id_hash: `${name}-${round}`.padEnd(64, '0'),
    user_id: user.id,
    created_at: ago(lastSeenMsAgo),
    last_seen_at: ago(lastSeenMsAgo),
    expires_at: fromNow(expiresInMs),
    ip: null,
    user_agent: null,
  });
  const idle = (t.config.sessionTtlSeconds + 5 * 60) * 1000;
  await t.db
    .insertInto('sessions')
    .values([
      session('live', MINUTE, 60 * MINUTE),
      session('idle', idle, 60 * MINUTE),
      session('expired', MINUTE, -MINUTE),
    ])
    .execute();
  await t.db
    .insertInto('auth_attempts')
    .values([
      { action: 'forgotten-password', subject: `ip:10.0.${round}.1`, created_at: ago(50 * MINUTE) },
      { action: 'login', subject: `ip:10.0.${round}.2`, created_at: ago(70 * MINUTE) },
    ])
    .execute();
  const token = (name: string, expiresInMs: number, usedAt: string | null) => ({
    user_id: user.id,
    token_hash: `${name}-${round}`,
    created_at: ago(MINUTE),
    expires_at: fromNow(expiresInMs),
    used_at: usedAt,
  });
  await t.db
    .insertInto('password_tokens')
    .values([
      token('usable', 30 * MINUTE, null),
      token('used', 30 * MINUTE, ago(MINUTE)),
      token('expired', -1, null),
    ])
    .execute();
  return round;
}

/** Names of the sessions (seeded ones without their padding), attempts' subjects and token hashes left. */
export async function remainingAuthRows(t: TestApp) {
  const sessions = await t.db.selectFrom('sessions').select('id_hash').execute();
  const attempts = await t.db.selectFrom('auth_attempts').select('subject').execute();
  const tokens = await t.db.selectFrom('password_tokens').select('token_hash').execute();
  return {
    sessions: sessions.map((row) => row.id_hash.replace(/0+$/, '')),
    attempts: attempts.map((row) => row.subject),
    tokens: tokens.map((row) => row.token_hash),
  };
}

/**
 * Uploads images through the API as root, dated `uploadedMsAgo` back; each answers the file's id and
 * the paths of its stored objects (image and thumbnail), which exist.
 */
export async function uploader(t: TestApp) {
  const client = await t.signedInAsRoot();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();
  const upload = async (uploadedMsAgo: number) => {
    const data = new FormData();
    data.append('files[]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const response = await client.request('POST', '/api/cms/files/upload?namespace=members', undefined, {
      rawBody: data,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.status, response.text).toBe(200);
    const file = (response.body.data as Array<{ id: number; url: string; thumbnailUrl: string }>)[0]!;
    await t.db
      .updateTable('files')
      .set({ created_at: ago(uploadedMsAgo) })
      .where('id', '=', file.id)
      .execute();
    const onDisk = [file.url, file.thumbnailUrl].map((url) =>
      path.join(t.config.dataDir, 'files', url.replace(/^\/files\//, '')),
    );
    for (const object of onDisk) expect(fs.existsSync(object), object).toBe(true);
    return { id: file.id, url: file.url, onDisk };
  };
  return Object.assign(upload, { client });
}
