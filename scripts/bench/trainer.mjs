// A trainer's account, as a club gives one: a member who trains a group of 40, paired with a sign-in
// account of the lowest role. Its lists hold only what concerns the trainer (the row rules), read
// by the same statements as the office's: the bench compares the two on the same addresses.
import { datagridPath, inTurn, pageAddresses, searchAddresses } from './addresses.mjs';
import { measure, WARM_UP_SECONDS } from './measure.mjs';
import { MEMBER_COUNT } from './members.mjs';

export const TRAINEES = 40;
const TRAINER = { email: 'trener@klub.test', password: 'trenerske heslo 123' };

async function call(url, cookie, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

/** Makes the trainer's group and account through the API (as the office); answers its session cookie. */
export async function signInTrainer({ url, cookie }) {
  const members = (await call(url, cookie, 'GET', `/api/cms/datagrid/member?limit=${TRAINEES}&page=7`)).items;
  const trainer = await call(url, cookie, 'POST', '/api/cms/form/member', {
    firstName: 'Tereza',
    lastName: 'Trenérová',
    memberType: 'TRAINER',
  });
  const group = await call(url, cookie, 'POST', '/api/cms/form/group', {
    name: 'Bench žáci',
    trainers: [trainer.id],
  });
  await call(url, cookie, 'POST', '/api/cms/action/group/set-members', {
    groupId: group.id,
    memberIds: members.map((member) => member.id),
  });
  const account = await call(url, cookie, 'POST', '/api/admin/user/create-user', {
    ...TRAINER,
    firstName: 'Tereza',
    lastName: 'Trenérová',
    roles: ['ROLE_USER'],
    active: true,
  });
  await call(url, cookie, 'POST', '/api/cms/form/profile-member', {
    profile: account.id,
    member: trainer.id,
  });
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TRAINER),
  });
  if (!login.ok) throw new Error(`trainer login: ${login.status}`);
  return login.headers.getSetCookie()[0].split(';')[0];
}

/** The office's uncached search and page workloads, as the trainer (their own rows only). */
export async function benchTrainer({ url, cookie, duration, cpuMs }) {
  const headers = { cookie };
  const searches = (await searchAddresses()).map(datagridPath);
  const pages = pageAddresses(MEMBER_COUNT).map(datagridPath);
  return [
    await measure(`trainer: datagrid search, ${searches.length} distinct addresses in turn, uncached`, {
      url,
      headers,
      duration,
      warmUp: WARM_UP_SECONDS,
      cpuMs,
      ...inTurn(searches),
    }),
    await measure(`trainer: datagrid pages in turn (${pages.length} addresses), uncached`, {
      url,
      headers,
      duration,
      warmUp: WARM_UP_SECONDS,
      cpuMs,
      ...inTurn(pages),
    }),
  ];
}
