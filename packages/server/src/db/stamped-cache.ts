/**
 * A small in-process cache whose entries hold the write tracker's stamp from before their read: an
 * entry is returned only while the stamp is unchanged and for at most `ttlMs` (the bound on how long
 * another process's writes can go unnoticed).
 */
export class StampedCache<V> {
  readonly #entries = new Map<string, { value: V; stamp: number; cachedAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs: number, maxEntries: number) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: string, stamp: number, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || now - entry.cachedAt >= this.#ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, stamp: number, now: number, value: V): void {
    if (this.#ttlMs <= 0 || Number.isNaN(stamp)) return;
    if (this.#entries.size >= this.#maxEntries) this.#evict(now);
    this.#entries.delete(key);
    this.#entries.set(key, { value, stamp, cachedAt: now });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops expired entries, and the oldest half when that is not enough. */
  #evict(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (now - entry.cachedAt >= this.#ttlMs) this.#entries.delete(key);
    }
    let drop = this.#entries.size >= this.#maxEntries ? Math.ceil(this.#entries.size / 2) : 0;
    for (const key of this.#entries.keys()) {
      if (drop-- <= 0) break;
      this.#entries.delete(key);
    }
  }
}
