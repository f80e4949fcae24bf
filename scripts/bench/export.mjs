// Export of the whole members list (100,000 in `npm run bench`) as XLSX and CSV, timed over HTTP as
// the list's export button asks for it: from the request until the last byte of the file.

/** Times `runs` exports in each format; the median, the slowest and the file's size. */
export async function benchExport({ url, cookie, runs = 3 }) {
  const figures = {};
  for (const format of ['xlsx', 'csv']) {
    const times = [];
    let bytes = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const response = await fetch(`${url}/api/cms/datagrid/member/export?format=${format}`, {
        headers: { cookie, 'accept-encoding': 'identity' },
      });
      if (!response.ok) throw new Error(`export ${format}: ${response.status}`);
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    figures[format] = {
      medianMs: Math.round(times[Math.floor(times.length / 2)]),
      slowestMs: Math.round(times.at(-1)),
      bytes,
    };
  }
  return figures;
}
