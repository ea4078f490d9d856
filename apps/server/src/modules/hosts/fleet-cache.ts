/**
 * Short-lived per-organisation cache of the dashboard's read answers (the serialised VM list and the stats).
 * The dashboard polls them and 5,000 guests take a while to read and serialise; every local write (sync,
 * guest action, host added or removed) invalidates the organisation's entry at once, and the TTL bounds how
 * stale an answer can be when another replica wrote.
 */
const TTL_MS = 2000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/** Loads of one organisation: at most one running, and at most one waiting to start after it. */
interface Loads<T> {
  running?: Promise<T>;
  next?: Promise<T>;
}

const caches = new Set<Map<string, Entry<unknown>>>();
const noop = () => undefined;

/**
 * A cache function: `cached(organisationId, load)`. Concurrent misses share one load. A miss while a load
 * is running (an invalidation happened meanwhile, so that load may have read old data) waits for a load
 * that starts once the running one has ended, and every caller until then shares it: however many writes
 * invalidate the entry, an organisation never has more than one load running and one waiting, so a burst of
 * guest actions cannot pile list queries onto the database.
 */
export function createOrgCache<T>(): (organisationId: string, load: () => Promise<T>) => Promise<T> {
  const entries = new Map<string, Entry<T>>();
  const loads = new Map<string, Loads<T>>();
  caches.add(entries);

  const run = (organisationId: string, q: Loads<T>, load: () => Promise<T>): Promise<T> => {
    const value = load();
    q.running = value;
    const done = () => {
      if (q.running !== value) return;
      q.running = undefined;
      if (!q.next) loads.delete(organisationId);
    };
    value.then(done, done);
    return value;
  };

  const schedule = (organisationId: string, load: () => Promise<T>): Promise<T> => {
    let q = loads.get(organisationId);
    if (!q) {
      q = {};
      loads.set(organisationId, q);
    }
    if (!q.running) return run(organisationId, q, load);
    if (q.next) return q.next;
    const queue = q;
    const next = queue.running!.then(noop, noop).then(() => {
      queue.next = undefined;
      return run(organisationId, queue, load);
    });
    queue.next = next;
    return next;
  };

  return (organisationId, load) => {
    const now = Date.now();
    const hit = entries.get(organisationId);
    if (hit && now - hit.at < TTL_MS) return hit.value;
    const value = schedule(organisationId, load);
    entries.set(organisationId, { at: now, value });
    // A failed load is not kept.
    value.catch(() => {
      if (entries.get(organisationId)?.value === value) entries.delete(organisationId);
    });
    return value;
  };
}

export function invalidateOrg(organisationId: string): void {
  for (const map of caches) map.delete(organisationId);
}
