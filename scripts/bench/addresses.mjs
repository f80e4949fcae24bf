// Workloads of distinct datagrid addresses, requested in turn: what a secretary searching as she types
// sends (a new address every keystroke), and paging through the whole list. Far more addresses than the
// result cache holds (1,000 entries), and the measured servers run with the cache off besides.

/** Name fragments as typed: the first 3 or 4 letters of every surname, 3 of common first names. */
export async function searchFragments() {
  const { SURNAMES, MALE_NAMES, FEMALE_NAMES } = await import(
    '../../packages/server/src/modules/members/czech-names.ts'
  );
  const fragments = SURNAMES.map(([surname], index) => surname.toLowerCase().slice(0, 3 + (index % 2)));
  for (const name of [...MALE_NAMES.slice(0, 6), ...FEMALE_NAMES.slice(0, 5)])
    fragments.push(name.toLowerCase().slice(0, 3));
  return [...new Set(fragments)].slice(0, 65);
}

/** A fixed shuffle, so that consecutive requests differ in fragment, page, size and direction. */
function shuffled(list) {
  let state = 7;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  for (let index = list.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [list[index], list[other]] = [list[other], list[index]];
  }
  return list;
}

/** Every fragment × pages 1–3 × page sizes 10–50 × both directions, by surname. */
export async function searchAddresses() {
  const addresses = [];
  for (const fragment of await searchFragments())
    for (let page = 1; page <= 3; page += 1)
      for (let limit = 10; limit <= 50; limit += 1)
        for (const direction of ['asc', 'desc']) addresses.push({ s: fragment, page, limit, direction });
  return shuffled(addresses);
}

/** One and two letters, as the first keystrokes of a search: the start of a searched field. */
export const SHORT_FRAGMENTS = [
  'n',
  'no',
  'j',
  'ja',
  'č',
  'če',
  'ša',
  'k',
  'ko',
  'ma',
  'p',
  'pe',
  'h',
  'ho',
  'v',
  've',
];

/** Every short fragment × pages 1–3 × page sizes 10–50 (by 5) × both directions, by surname. */
export function shortSearchAddresses() {
  const addresses = [];
  for (const s of SHORT_FRAGMENTS)
    for (let page = 1; page <= 3; page += 1)
      for (let limit = 10; limit <= 50; limit += 5)
        for (const direction of ['asc', 'desc']) addresses.push({ s, page, limit, direction });
  return shuffled(addresses);
}

/** Pages across the whole list of `count` rows by surname, both directions, page sizes 10–50. */
export function pageAddresses(count) {
  const addresses = [];
  for (let limit = 10; limit <= 50; limit += 10)
    for (let page = 1; page <= Math.floor(count / limit); page += 1 + Math.floor(count / limit / 400))
      for (const direction of ['asc', 'desc']) addresses.push({ page, limit, direction });
  return shuffled(addresses);
}

export const datagridPath = ({ s, page, limit, direction }) =>
  `/api/cms/datagrid/member?${s ? `s=${encodeURIComponent(s)}&` : ''}page=${page}&limit=${limit}&sort=lastName&direction=${direction}`;

/** autocannon options that send `paths` in turn, one per request. */
export function inTurn(paths) {
  let sequence = 0;
  return {
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[sequence++ % paths.length] }) }],
  };
}
