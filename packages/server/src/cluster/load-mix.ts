import { randomBytes } from 'node:crypto';
import { pdfDocument, pngImage } from '../test/uploads.ts';
import type { LoadContext, Scenario, VirtualUser } from './load.ts';

const PUBLIC_PAGES = ['/', '/clanky', '/tym', '/udalosti'];
const SEARCHES = ['nov', 'zat', 'svo', 'a', 'kra'];
const pickOf = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** Reads every live instance but the one that answered `servedBy`; calls `check` with each answer. */
async function onEveryOther(
  context: LoadContext,
  servedBy: string,
  path: string,
  cookie: string | undefined,
  check: (status: number, text: string, instance: string) => string | undefined,
): Promise<void> {
  for (const instance of context.others(servedBy)) {
    const answer = await context.direct(instance, 'GET', path, cookie);
    const problem = answer && check(answer.status, answer.text, instance.name);
    if (problem) context.violation(`${problem} (${path} on ${instance.name} after ${servedBy})`);
  }
}

const publicPage: Scenario = {
  name: 'public page',
  weight: 30,
  run: async (context) => {
    await context.viaProxy('public page', 'GET', pickOf(PUBLIC_PAGES));
  },
};

const list: Scenario = {
  name: 'list',
  weight: 20,
  run: async (context, user) => {
    await context.viaProxy('list', 'GET', '/api/cms/datagrid/member?limit=25', user.staffCookie);
  },
};

const search: Scenario = {
  name: 'search',
  weight: 20,
  run: async (context, user) => {
    const path = `/api/cms/datagrid/member?s=${pickOf(SEARCHES)}`;
    await context.viaProxy('search', 'GET', path, user.staffCookie);
  },
};

/** A new member; once acknowledged, every other instance must find it at once. */
const save: Scenario = {
  name: 'save',
  weight: 15,
  run: async (context, user) => {
    user.saves += 1;
    const lastName = `Zátěžová ${user.n}-${user.saves}`;
    const body = { firstName: 'Klára', lastName };
    const saved = await context.viaProxy('save', 'POST', '/api/cms/form/member', user.staffCookie, body);
    if (saved.status !== 201) return;
    const id = JSON.parse(saved.text).data.id as number;
    context.findings.acknowledged.push({ id, lastName });
    await onEveryOther(
      context,
      saved.servedBy,
      `/api/cms/form/member/${id}`,
      user.staffCookie,
      (status, text) =>
        status === 200 && text.includes(lastName) ? undefined : `stale read of member ${id}: ${status}`,
    );
  },
};

/** The user's own article edited; every other instance's public page must show the edit at once. */
const publish: Scenario = {
  name: 'publish',
  weight: 8,
  run: async (context, user) => {
    const { article } = user;
    const perex = `Stav ${user.n}-${article.version + 1}`;
    const body = { title: `Zpráva ${user.n}`, perex, version: article.version };
    const saved = await context.viaProxy(
      'publish',
      'PUT',
      `/api/cms/content/${article.id}`,
      user.staffCookie,
      body,
    );
    if (saved.status !== 200) return;
    article.version = JSON.parse(saved.text).data.version as number;
    await onEveryOther(context, saved.servedBy, `/clanky/${article.slug}`, undefined, (status, text) =>
      status === 200 && text.includes(perex) ? undefined : `stale public page: ${status} without "${perex}"`,
    );
  },
};

/**
 * Sign-ins a virtual user makes at most: the sign-in limits (10 an account, 50 an address in 15
 * minutes) would answer 429 beyond them, and the load comes from one address.
 */
const SIGN_INS_PER_USER = 4;

/** A sign-in, then a sign-out, which must end the session on every instance at once. */
const signInOut: Scenario = {
  name: 'sign-in',
  weight: 4,
  run: async (context, user) => {
    if (user.signIns >= SIGN_INS_PER_USER) return publicPage.run(context, user);
    user.signIns += 1;
    const login = await context.viaProxy('sign-in', 'POST', '/api/login', undefined, user.signer);
    if (login.status !== 200 || !login.cookie) return;
    const cookie = login.cookie;
    await onEveryOther(context, login.servedBy, '/api/cms/user', cookie, (status) =>
      status === 200 ? undefined : `a new session refused: ${status}`,
    );
    const logout = await context.viaProxy('sign-out', 'POST', '/api/logout', cookie);
    if (logout.status !== 200) return;
    await onEveryOther(context, '', '/api/cms/user', cookie, (status) =>
      status === 401 ? undefined : `a session signed out still served: ${status}`,
    );
  },
};

/** The role user's roles switched; their access must follow on every instance at once. */
const roleChange: Scenario = {
  name: 'role change',
  weight: 3,
  run: async (context, user) => {
    const target = user.roleUser;
    const roles = target.admin ? ['ROLE_SALESMAN'] : ['ROLE_ADMIN'];
    const body = { version: target.version, roles };
    const saved = await context.viaProxy(
      'role change',
      'PUT',
      `/api/cms/form/user/${target.id}`,
      user.staffCookie,
      body,
    );
    if (saved.status !== 200) return;
    target.version = JSON.parse(saved.text).data.version as number;
    target.admin = !target.admin;
    const expected = target.admin ? 200 : 403;
    await onEveryOther(context, '', '/api/cms/datagrid/member?limit=1', target.cookie, (status) =>
      status === expected ? undefined : `roles ${roles.join()} answered ${status}, not ${expected}`,
    );
  },
};

/** Where the padding of `pdfDocument` begins: a mark written there makes each document unique. */
const PDF_MARK_AT = 64;

/** Every other upload a small PDF (stored as sent), the rest a small PNG (re-encoded on upload). */
async function fileToUpload(user: VirtualUser) {
  const mark = `${user.n}-${user.uploads}-${randomBytes(6).toString('hex')}`;
  if (user.uploads % 2 === 0) {
    const bytes = pdfDocument(6 * 1024);
    bytes.write(mark, PDF_MARK_AT);
    return { name: `zatez-${mark}.pdf`, type: 'application/pdf', bytes };
  }
  const color = `#${randomBytes(3).toString('hex')}`;
  return { name: `zatez-${mark}.png`, type: 'image/png', bytes: await pngImage(48, 32, color) };
}

/** A file uploaded through the upload API; once acknowledged, every other instance must serve it. */
const upload: Scenario = {
  name: 'upload',
  weight: 5,
  run: async (context, user) => {
    user.uploads += 1;
    const file = await fileToUpload(user);
    const form = new FormData();
    form.append('files[]', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const path = '/api/cms/files/upload?namespace=members';
    const answer = await context.viaProxy('upload', 'POST', path, user.staffCookie, form);
    if (answer.status !== 200) return;
    const url = JSON.parse(answer.text).data[0].url as string;
    context.findings.uploads.push({ url, type: file.type, bytes: file.bytes });
    await onEveryOther(context, answer.servedBy, url, user.staffCookie, (status) =>
      status === 200 ? undefined : `upload not served: ${status}`,
    );
  },
};

/**
 * What the cluster test's virtual users do, by weight: mostly reads and searches, some saves checked
 * on every other instance at once, uploads (to the shared S3 bucket) served by every other instance,
 * and sign-ins and role changes checked the same way. A scenario added here joins the load and the
 * report by its name.
 */
export const LOAD_MIX: Scenario[] = [publicPage, list, search, save, publish, upload, signInOut, roleChange];
