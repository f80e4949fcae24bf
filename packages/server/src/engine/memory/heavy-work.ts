/**
 * One-off work that allocates far more than the server's usual requests (an export of 100,000 rows,
 * reading an imported workbook) leaves V8 holding the pages it freed, for reuse: about 170 MiB after an
 * XLSX export of 100,000 members, which no ordinary collection and no idle time hands back. Once the
 * last such work has ended, a last-resort collection (one that reduces the heap's footprint) returns
 * them to the system: a pause of a few tens of milliseconds, once per export or import.
 *
 * It needs V8's `gc` (`--expose-gc`, which `npm start` passes); started without it, nothing is done.
 */

type Collect = () => void;

/** After the last heavy work ends: long enough for the answer's last bytes, short enough to matter. */
export const RELEASE_DELAY_MS = 1000;

const v8Collect = (): Collect | undefined => {
  const gc = (globalThis as { gc?: (options?: object) => void }).gc;
  return gc && (() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
};

/** Counts the heavy work running and collects once after the last of it ends. */
export class HeavyWork {
  #running = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #collect: Collect | undefined;
  readonly #delayMs: number;

  constructor(collect: Collect | undefined = v8Collect(), delayMs = RELEASE_DELAY_MS) {
    this.#collect = collect;
    this.#delayMs = delayMs;
  }

  /** Marks heavy work as started; the answer ends it (a second call does nothing). */
  start(): () => void {
    this.#running += 1;
    clearTimeout(this.#timer);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#running -= 1;
      if (this.#running === 0 && this.#collect) {
        const collect = this.#collect;
        this.#timer = setTimeout(() => {
          if (this.#running === 0) collect();
        }, this.#delayMs).unref();
      }
    };
  }

  /** Runs `work` as heavy work. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const end = this.start();
    try {
      return await work();
    } finally {
      end();
    }
  }
}

/** The process's one account of heavy work. */
export const heavyWork = new HeavyWork();
