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

const caches = new Set<Map<string, Entry<unknown>>>();

export function createOrgCache<T>(): (organisationId: string, load: () => Promise<T>) => Promise<T> {
  const map = new Map<string, Entry<T>>();
  caches.add(map);
  return (organisationId, load) => {
    const now = Date.now();
    const hit = map.get(organisationId);
    if (hit && now - hit.at < TTL_MS) return hit.value;
    // Concurrent misses share one load; a failed load is not kept.
    const value = load();
    map.set(organisationId, { at: now, value });
    value.catch(() => {
      if (map.get(organisationId)?.value === value) map.delete(organisationId);
    });
    return value;
  };
}

export function invalidateOrg(organisationId: string): void {
  for (const map of caches) map.delete(organisationId);
}
