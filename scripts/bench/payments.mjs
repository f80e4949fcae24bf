// Money (issue 29): payment requests created in bulk for 1,000 members in one call (≤ 1 s) and a bank
// statement of 5,000 incoming lines settled (≤ 2 s), both on SQLite, timed over HTTP as the screens send
// them. The statement is a GPC file built by the tests' builders from the format's description.

const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
export const BULK_COUNT = 1000;
export const STATEMENT_LINES = 5000;

const json = async (response) => {
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${await response.text()}`);
  return response.json();
};

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: Math.round(sorted[Math.floor(sorted.length / 2)]), max: Math.round(sorted.at(-1)) };
};

/** Ids of the first `count` members of the list. */
async function memberIds(url, headers, count) {
  const ids = [];
  for (let page = 1; ids.length < count; page += 1) {
    const list = await json(
      await fetch(`${url}/api/cms/datagrid/member?limit=100&page=${page}`, { headers }),
    );
    if (list.data.items.length === 0) break;
    ids.push(...list.data.items.map((item) => item.id));
  }
  return ids.slice(0, count);
}

/** `rounds` bulk creations, each of a new title for the same 1,000 members; answers their times and symbols. */
async function bulkCreations({ url, headers, members, rounds }) {
  const times = [];
  const ids = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const created = await json(
      await fetch(`${url}/api/cms/payments/bulk`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Bench: příspěvek ${round + 1}`,
          amount: { amount: 150_000, currency: 'CZK' },
          dueDate: '2030-01-31',
          memberIds: members,
        }),
      }),
    );
    times.push(performance.now() - started);
    if (created.data.created !== members.length) throw new Error(`bulk created ${created.data.created}`);
    ids.push(...created.data.ids);
  }
  return { times, ids };
}

/** Variable symbols of the given requests (the first 1,000 of them). */
async function symbolsOf(url, headers, ids) {
  const symbols = [];
  for (const id of ids.slice(0, BULK_COUNT)) {
    const record = await json(await fetch(`${url}/api/cms/form/payment/${id}`, { headers }));
    symbols.push(record.data.variableSymbol);
  }
  return symbols;
}

/** A GPC statement of 5,000 incoming lines of this round: a fifth pays requests by their symbols. */
async function statementFile(round, symbols) {
  const { gpcFile, gpcHeader, gpcItem, zeros } = await import(
    '../../packages/server/src/modules/payments/statements/test-files.ts'
  );
  const items = Array.from({ length: STATEMENT_LINES }, (_, index) =>
    gpcItem({
      documentNumber: zeros(round * STATEMENT_LINES + index + 1, 13),
      amount: 30_000 + (index % 100),
      variableSymbol: zeros(index % 5 === 0 ? symbols[(index / 5) % symbols.length] : 90_000 + index, 10),
    }),
  );
  return gpcFile([gpcHeader(), ...items]);
}

async function sendStatement(url, headers, file, dryRun) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'vypis.gpc');
  const started = performance.now();
  const answer = await json(
    await fetch(`${url}/api/cms/payments/statements${dryRun ? '?dryRun=1' : ''}`, {
      method: 'POST',
      headers,
      body: form,
    }),
  );
  const ms = performance.now() - started;
  if (answer.data.matched + answer.data.unmatched !== STATEMENT_LINES)
    throw new Error(`statement settled ${answer.data.matched} + ${answer.data.unmatched} lines`);
  return ms;
}

/**
 * Median and worst of `rounds` bulk creations of 1,000 requests, and of `rounds` statements of 5,000
 * new lines each (its dry run, then the settlement), on the seeded members.
 */
export async function benchPayments({ url, cookie, rounds = 5 }) {
  const headers = { ...HEADERS, cookie };
  const members = await memberIds(url, headers, BULK_COUNT);
  const bulk = await bulkCreations({ url, headers, members, rounds });
  const symbols = await symbolsOf(url, headers, bulk.ids);
  const dryRuns = [];
  const imports = [];
  for (let round = 0; round < rounds; round += 1) {
    const file = await statementFile(round, symbols);
    dryRuns.push(await sendStatement(url, headers, file, true));
    imports.push(await sendStatement(url, headers, file, false));
  }
  return { bulk: summary(bulk.times), dryRun: summary(dryRuns), statement: summary(imports) };
}
