import type { Db } from '../../db/client';
import { bumpFleetVersion } from './fleet-version.repository';

/**
 * Per-organisation cache of the dashboard's read answers (the serialised VM list and the stats). The dashboard
 * polls them and 5,000 guests take a while to read and serialise. Every change to an organisation's fleet raises
 * its `fleet_version` in the database (`fleetChanged`) and drops this process's entry at once; an entry older than
 * CHECK_MS is checked against that version (one small read) before it is served again, so a change made by
 * another replica is seen within CHECK_MS while an unchanged fleet is never read twice.
 */
const CHECK_MS = 1000;

interface Entry<T> {
  /** When the entry was loaded or last found current. */
  checkedAt: number;
  /** The fleet version read before the value was loaded. */
  version: Promise<number>;
  value: Promise<T>;
  /** A running comparison with the database's version, shared by the callers that arrive meanwhile. */
  checking?: Promise<boolean>;
}

/** Loads of one organisation: at most one running, and at most one waiting to start after it. */
interface Loads<T> {
  running?: Promise<T>;
  next?: Promise<T>;
}

const caches = new Set<Map<string, Entry<unknown>>>();
const noop = () => undefined;

export type OrgCache<T> = (organisationId: string, load: () => Promise<T>, readVersion: () => Promise<number>) => Promise<T>;

/**
 * A cache function: `cached(organisationId, load, readVersion)`. Concurrent misses share one load. A miss while a
 * load is running (an invalidation happened meanwhile, so that load may have read old data) waits for a load that
 * starts once the running one has ended, and every caller until then shares it: however many writes invalidate
 * the entry, an organisation never has more than one load running and one waiting, so a burst of guest actions
 * cannot pile list queries onto the database.
 */
export function createOrgCache<T>(): OrgCache<T> {
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

  /** A new entry: the version is read first, so a change during the load shows as a newer version later. */
  const fill = (organisationId: string, load: () => Promise<T>, readVersion: () => Promise<number>): Promise<T> => {
    const version = readVersion();
    const value = version.then(() => schedule(organisationId, load));
    const entry: Entry<T> = { checkedAt: Date.now(), version, value };
    entries.set(organisationId, entry);
    // A failed load is not kept.
    value.catch(() => {
      if (entries.get(organisationId) === entry) entries.delete(organisationId);
    });
    return value;
  };

  const cached: OrgCache<T> = (organisationId, load, readVersion) => {
    const hit = entries.get(organisationId);
    if (!hit) return fill(organisationId, load, readVersion);
    if (Date.now() - hit.checkedAt < CHECK_MS) return hit.value;
    hit.checking ??= Promise.all([hit.version, readVersion()]).then(
      ([mine, current]) => mine === current,
      () => false,
    );
    return hit.checking.then((isCurrent) => {
      if (entries.get(organisationId) !== hit) return cached(organisationId, load, readVersion);
      hit.checking = undefined;
      if (isCurrent) {
        hit.checkedAt = Date.now();
        return hit.value;
      }
      entries.delete(organisationId);
      return fill(organisationId, load, readVersion);
    });
  };
  return cached;
}

/** Drops this process's cached answers of an organisation (its fleet changed here). */
export function invalidateOrg(organisationId: string): void {
  for (const map of caches) map.delete(organisationId);
}

/** Records a change to an organisation's hosts or guests: every replica's cached answers stop being served. */
export async function fleetChanged(db: Db, organisationId: string): Promise<void> {
  await bumpFleetVersion(db, organisationId);
  invalidateOrg(organisationId);
}
