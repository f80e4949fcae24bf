import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * Work that allocates far more than the server's usual requests (an export of 100,000 rows, reading an
 * imported workbook, payment requests for the whole club, a bank statement) leaves V8 holding the pages
 * it freed, for reuse: about 170 MiB after an XLSX export of 100,000 members, which no ordinary
 * collection and no idle time hands back, and which no heap statistic of V8 counts. A last-resort
 * collection (one that reduces the heap's footprint) returns them to the system.
 *
 * So twice a second the process looks at itself: when its event loop was busy less than IDLE_SHARE of
 * the last half second and its own (anonymous) memory has grown by more than GROWTH_BYTES over the
 * lowest level seen since the last collection, it collects once: a pause of a few tens of milliseconds,
 * taken when no one is waiting. Under load nothing is read or collected.
 *
 * It needs V8's `gc` (`--expose-gc`, which `npm start` passes); started without it, nothing is done.
 */

type Collect = () => void;

export const CHECK_INTERVAL_MS = 500;
/** Busy less than this share of the last interval: the server is idle. */
export const IDLE_SHARE = 0.05;
/** Growth worth a pause: well above what the usual requests leave (a few MiB). */
export const GROWTH_BYTES = 32 * 1024 * 1024;

const v8Collect = (): Collect | undefined => {
  const gc = (globalThis as { gc?: (options?: object) => void }).gc;
  return gc && (() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
};

/** The process's anonymous resident memory (Linux); elsewhere its whole resident set. */
export function ownMemoryBytes(): number {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kib = /RssAnon:\s+(\d+)/.exec(status)?.[1];
    if (kib) return Number(kib) * 1024;
  } catch {
    // not Linux
  }
  return process.memoryUsage.rss();
}

function eventLoopBusyShare(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}

export interface IdleReleaseOptions {
  collect?: Collect | undefined;
  memoryBytes?: () => number;
  busyShare?: () => number;
}

/** Decides, at each look, whether to collect; `look` is what the interval calls. */
export class IdleRelease {
  readonly #collect: Collect | undefined;
  readonly #memoryBytes: () => number;
  readonly #busyShare: () => number;
  #lowest: number;

  constructor(options: IdleReleaseOptions = {}) {
    this.#collect = 'collect' in options ? options.collect : v8Collect();
    this.#memoryBytes = options.memoryBytes ?? ownMemoryBytes;
    this.#busyShare = options.busyShare ?? eventLoopBusyShare();
    this.#lowest = this.#memoryBytes();
  }

  /** Returns whether it collected. */
  look(): boolean {
    if (!this.#collect || this.#busyShare() >= IDLE_SHARE) return false;
    const memory = this.#memoryBytes();
    this.#lowest = Math.min(this.#lowest, memory);
    if (memory - this.#lowest <= GROWTH_BYTES) return false;
    this.#collect();
    // What the collection could not hand back (malloc's, not V8's) is the new floor.
    this.#lowest = this.#memoryBytes();
    return true;
  }
}

let running: NodeJS.Timeout | undefined;

/** Starts the process's one idle release (a second call does nothing); the timer keeps no process alive. */
export function startIdleRelease(): void {
  if (running) return;
  const release = new IdleRelease();
  running = setInterval(() => release.look(), CHECK_INTERVAL_MS).unref();
}
