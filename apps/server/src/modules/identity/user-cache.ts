/**
 * A bounded in-memory cache whose entries belong to an account and are dropped by account (decision
 * 0029): the session cache (token → session and user) and the balance cache (account → balances).
 *
 * - Bounded: past `maxEntries` the oldest entry goes (insertion order; a refresh re-inserts).
 * - Entries expire `ttlMs` after they were read from the database (by the app's clock), so an
 *   announcement lost on the bus (Redis pub/sub is at most once) costs at most that long.
 * - A read that was in flight when its account was dropped is not stored: `begin` hands out a ticket
 *   before the read, `drop` records the account's latest drop, and `set` with an older ticket does
 *   nothing. So a revocation racing a cache miss never leaves the revoked session cached.
 *
 * Hand-written rather than lru-cache: the drop-by-account index and the tickets are most of it.
 */
export function createUserCache<V>(options: { maxEntries: number; ttlMs: number }) {
  const entries = new Map<string, { userId: string; value: V; readAtMs: number }>();
  const keysByUser = new Map<string, Set<string>>();
  /** The ticket counter at each account's latest drop; reads begun before it are not stored. */
  const drops = new Map<string, number>();
  /** Reads begun before this are not stored (set when `drops` is cleared to stay bounded). */
  let floor = 0;
  let nextTicket = 1;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.userId);
  };

  return {
    get(key: string, nowMs: number): V | undefined {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (nowMs - entry.readAtMs >= options.ttlMs || nowMs < entry.readAtMs) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    /** Any live entry of the account (e.g. its user row from one of its sessions). */
    anyOf(userId: string, nowMs: number): V | undefined {
      const keys = keysByUser.get(userId);
      if (keys === undefined) return undefined;
      // No copy: a Set's iterator skips what `get` removes from it meanwhile.
      for (const key of keys) {
        const value = this.get(key, nowMs);
        if (value !== undefined) return value;
      }
      return undefined;
    },
    /** Before a database read whose answer may be stored. */
    begin(): number {
      return nextTicket++;
    },
    /** Stores what a read begun with `ticket` found, unless its account was dropped meanwhile. */
    set(key: string, userId: string, value: V, readAtMs: number, ticket: number): void {
      if (ticket < floor || ticket < (drops.get(userId) ?? 0)) return;
      remove(key);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) remove(oldest.value);
      }
      entries.set(key, { userId, value, readAtMs });
      let keys = keysByUser.get(userId);
      if (keys === undefined) keysByUser.set(userId, (keys = new Set()));
      keys.add(key);
    },
    /** Changes a cached value in place (a session's last_seen_at), keeping its read time. */
    update(key: string, change: (value: V) => V): void {
      const entry = entries.get(key);
      if (entry !== undefined) entry.value = change(entry.value);
    },
    delete: remove,
    /** Everything cached for the account goes, and reads in flight for it will not be stored. */
    drop(userId: string): void {
      for (const key of [...(keysByUser.get(userId) ?? [])]) remove(key);
      if (drops.size >= options.maxEntries) {
        // Old drops only matter to reads still in flight: cancel those all at once instead.
        drops.clear();
        floor = nextTicket;
      }
      drops.set(userId, nextTicket++);
    },
    size: () => entries.size,
  };
}
export type UserCache<V> = ReturnType<typeof createUserCache<V>>;
