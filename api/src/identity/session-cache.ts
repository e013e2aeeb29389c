/**
 * The verified session and permissions of recently seen ID tokens, kept for a few seconds so that
 * a request costs no identity query at all, and a miss costs one (docs/decisions/0013).
 *
 * - Keyed by the token itself: the same string verified a moment ago verifies the same way, so a
 *   hit skips the signature check too; an entry never outlives the token's own expiry.
 * - clear() drops everything at once. This process calls it after every change that can take
 *   access away (sign-out, revocation, a role's permissions or users, a user's status), once the
 *   change is committed. A load that started before a clear() is answered to its own request but
 *   not stored (the generation counter), so a stale read cannot come back into the cache.
 * - Other processes (replicas, the worker) do not hear this process's clear(): there an entry
 *   lasts at most `ttlMs` after the change. That bound is the documented promise.
 * - Concurrent misses of one token share one load; failures are never stored (a disabled user is
 *   told so by the database on every request, at once).
 */
export interface CacheableAccess {
  /** Epoch milliseconds after which the entry must not be used (the token's `exp`). */
  expiresAt: number;
}

export class SessionCache<T extends CacheableAccess> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private readonly pending = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached value for `key`, else `load()` (stored for ttlMs unless cleared meanwhile). */
  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.until > this.now()) return Promise.resolve(hit.value);
      this.entries.delete(key);
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const loading = load().then(
      (value) => {
        if (this.pending.get(key) === loading) this.pending.delete(key);
        if (generation === this.generation) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.pending.get(key) === loading) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, loading);
    return loading;
  }

  /** Forgets every session: the next request of each reads the database again. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  private store(key: string, value: T): void {
    const until = Math.min(this.now() + this.ttlMs, value.expiresAt);
    if (until <= this.now()) return;
    if (this.entries.size >= this.maxEntries) {
      // Oldest first (a Map iterates in insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until });
  }
}
