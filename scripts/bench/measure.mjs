// One autocannon run, reduced to the figures the README table shows.
import autocannon from 'autocannon';

export async function measure(title, options) {
  const result = await autocannon({ connections: 20, duration: 15, ...options });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: non2xx,
  };
}

export function printTable(rows) {
  const header = '| measurement | req/s | p50 ms | p99 ms | failures |';
  console.log(`\n${header}\n|---|---:|---:|---:|---:|`);
  for (const row of rows) {
    console.log(
      `| ${row.title} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.failures} |`,
    );
  }
}
