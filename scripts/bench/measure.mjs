// One autocannon run, reduced to the figures the README table shows.
import autocannon from 'autocannon';

/** Seconds of warm-up before each uncached run (see measure). */
export const WARM_UP_SECONDS = 2;

/**
 * `cpuMs`: the server's processor time so far, to report milliseconds of it per request. `warmUp`:
 * seconds of the same requests first, not counted (a fresh server compiles its code in the first
 * second, which a server that has been running does not make anyone wait for).
 */
export async function measure(title, { cpuMs, warmUp = 0, ...options }) {
  if (warmUp > 0) await autocannon({ connections: 20, ...options, duration: warmUp });
  const cpuBefore = cpuMs?.();
  const result = await autocannon({ connections: 20, duration: 15, ...options });
  const cpuPerRequest =
    cpuMs && result.requests.total > 0 ? (cpuMs() - cpuBefore) / result.requests.total : undefined;
  const non2xx = result.non2xx + result.errors + result.timeouts;
  if (non2xx > 0) console.warn(`${title}: status codes ${JSON.stringify(result.statusCodeStats)}`);
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsPerRequest: cpuPerRequest,
    failures: non2xx,
  };
}

export function printTable(rows) {
  const header = '| measurement | req/s | p50 ms | p99 ms | server CPU ms/request | failures |';
  console.log(`\n${header}\n|---|---:|---:|---:|---:|---:|`);
  for (const row of rows) {
    const cpu = row.cpuMsPerRequest === undefined ? '' : row.cpuMsPerRequest.toFixed(2);
    console.log(
      `| ${row.title} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${cpu} | ${row.failures} |`,
    );
  }
}

/**
 * For requests that depend on the previous answer (a PUT carries the version the last one returned):
 * `connections` sequential loops of `step()` for `duration` seconds. autocannon builds a connection's
 * next request before the previous answer arrives, so it cannot do this.
 */
export async function measureLoops(title, { connections, duration, step }) {
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, index) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const ok = await step(index);
        latencies.push(performance.now() - started);
        if (!ok) failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const percentile = (p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]);
  return {
    title,
    requestsPerSecond: Math.round(latencies.length / duration),
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    failures,
  };
}
