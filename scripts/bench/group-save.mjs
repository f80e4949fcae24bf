// The bulk group setup's save: a group's membership set to 1,000 members in one call (≤ 200 ms on
// either engine), timed end to end over HTTP as the screen sends it.

const json = (response) => {
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return response.json();
};

/**
 * Median and worst time of `rounds` saves that each change the whole set: 1,000 members in, then a
 * thousand others (1,000 added, 1,000 ended), alternating.
 */
export async function benchGroupSave({ url, cookie, rounds = 10 }) {
  const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const post = (path, body) =>
    fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const group = (await json(await post('/api/cms/form/group', { name: 'Bench: hromadné nastavení' }))).data;
  const ids = [];
  for (let page = 1; ids.length < 2000; page += 1) {
    const list = await json(
      await fetch(`${url}/api/cms/datagrid/member?limit=100&page=${page}`, { headers }),
    );
    ids.push(...list.data.items.map((item) => item.id));
  }
  const sets = [ids.slice(0, 1000), ids.slice(1000, 2000)];
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const saved = await json(
      await post('/api/cms/action/group/set-members', { groupId: group.id, memberIds: sets[round % 2] }),
    );
    times.push(performance.now() - started);
    if (saved.data.members !== 1000) throw new Error(`group save kept ${saved.data.members} members`);
  }
  times.sort((a, b) => a - b);
  return { median: Math.round(times[Math.floor(times.length / 2)]), max: Math.round(times.at(-1)) };
}
