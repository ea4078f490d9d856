import type { Db } from '../../db/client';
import { eventsAfter, lastEventId, pruneEvents, type EventRow } from '../../events/outbox';

/** How often the hub reads the outbox while someone listens (a change on any replica arrives within this). */
export const EVENT_POLL_MS = 500;
/**
 * Ids are taken when a transaction inserts, but transactions commit in any order: an event with a lower id can
 * become visible after a higher one was delivered. Each read goes back this many ids (within the last seconds)
 * and skips what it already delivered, so a late commit is not lost.
 */
const LOOKBACK_IDS = 500;
const LOOKBACK_MS = 10_000;
/** The outbox keeps a day of events: a stream resumes (Last-Event-ID) within it. */
const KEEP_MS = 24 * 3600_000;

type Listener = (event: EventRow) => void;

/**
 * One per process: reads new events from the outbox (every replica writes there) and hands each to the
 * listeners of its organisation, at least once and in id order per read. Reads only while someone listens.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private cursor = 0;
  private readonly delivered = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private started: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly pollMs = EVENT_POLL_MS,
  ) {}

  /** Starts reading after the newest event that exists now. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.cursor = await lastEventId(this.db);
      this.timer = setInterval(() => void this.read(), this.pollMs);
      this.pruneTimer = setInterval(
        () => void pruneEvents(this.db, new Date(Date.now() - KEEP_MS)).catch(() => undefined),
        3600_000,
      );
    })();
    return this.started;
  }

  subscribe(organisationId: string, listener: Listener): () => void {
    let set = this.listeners.get(organisationId);
    if (!set) this.listeners.set(organisationId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(organisationId);
    };
  }

  /** Reads once now (tests, and right after this process wrote). */
  read(): Promise<void> {
    if (this.listeners.size === 0) return Promise.resolve();
    this.reading ??= this.readOnce().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    const from = Math.max(0, this.cursor - LOOKBACK_IDS);
    const rows = await eventsAfter(this.db, from, new Date(Date.now() - LOOKBACK_MS), 1000).catch(() => []);
    for (const row of rows) {
      if (this.delivered.has(row.id)) continue;
      this.delivered.add(row.id);
      if (row.id > this.cursor) this.cursor = row.id;
      for (const listener of this.listeners.get(row.organisationId) ?? []) listener(row);
    }
    for (const id of this.delivered) if (id <= this.cursor - LOOKBACK_IDS) this.delivered.delete(id);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.pruneTimer);
    await this.reading;
    this.listeners.clear();
  }
}
