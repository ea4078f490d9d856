import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, like, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditChainHeads, auditCheckpoints, auditEvents, auditSignedHeads } from '../../db/schema';
import {
  ACTOR_TYPES,
  chainOf,
  GENESIS_HASH,
  hashRecord,
  SYSTEM_ACTOR,
  type ActorType,
  type AuditActor,
  type ChainedRecord,
} from './audit-chain';

export interface AuditEvent {
  action: string;
  outcome: 'success' | 'failure';
  /**
   * Who did it. Without it, `actorId`/`actorEmail` name a person; with neither, an unidentified person at `ip` (a
   * failed sign-in), or the server itself when there is no address either (a job).
   */
  actor?: AuditActor;
  actorId?: string | null;
  actorEmail?: string | null;
  organisationId?: string | null;
  target?: string | null;
  ip?: string | null;
  /** Never put a secret here: this is stored and shown to administrators. */
  details?: Record<string, unknown>;
}

type AuditRow = typeof auditEvents.$inferSelect;

/** The event's actor: the one given, else the person its `actorId`/`actorEmail` name (see AuditEvent.actor). */
export function actorOfEvent(event: AuditEvent): AuditActor {
  if (event.actor) return event.actor;
  if (!event.actorId && !event.actorEmail && !event.ip) return SYSTEM_ACTOR;
  return { type: 'user', id: event.actorId ?? null, name: event.actorEmail ?? null };
}

/**
 * The record as the chain hashes it (and exports it). Records written before migration 0020 (no actor type) keep
 * the actor shape they were hashed with, `{id, email}`; later ones have `{type, id, name}`.
 */
export function chainedRecordOf(
  row: Pick<
    AuditRow,
    | 'chain'
    | 'seq'
    | 'at'
    | 'actorType'
    | 'actorId'
    | 'actorName'
    | 'actorEmail'
    | 'organisationId'
    | 'action'
    | 'target'
    | 'outcome'
    | 'ip'
    | 'details'
    | 'prevHash'
  >,
): ChainedRecord {
  return {
    chain: row.chain ?? chainOf(row.organisationId),
    seq: row.seq ?? 0,
    at: row.at.toISOString(),
    actor: row.actorType
      ? { type: row.actorType, id: row.actorId ?? null, name: row.actorName ?? null }
      : { id: row.actorId ?? null, email: row.actorEmail ?? null },
    organisation_id: row.organisationId ?? null,
    action: row.action,
    target: row.target ?? null,
    outcome: row.outcome,
    ip: row.ip ?? null,
    details: row.details ?? null,
    prev_hash: row.prevHash ?? GENESIS_HASH,
  };
}

/**
 * The actor as GET /api/audit shows it. A record from before migration 0020 names a person by id and e-mail, or
 * (the event subscriber's records of keys, schedules and the system) kept the actor in its details.
 */
export function displayActorOf(
  row: Pick<AuditRow, 'actorType' | 'actorId' | 'actorName' | 'actorEmail' | 'details'>,
): AuditActor {
  if (row.actorType) return { type: row.actorType, id: row.actorId, name: row.actorName };
  const kept = row.details?.actor as Partial<Record<'type' | 'id' | 'name', unknown>> | undefined;
  const keptType = ACTOR_TYPES.find((t) => t === kept?.type);
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    type: keptType ?? 'user',
    id: row.actorId ?? text(kept?.id),
    name: row.actorEmail ?? text(kept?.name),
  };
}

/** The same as SQL, for the filters: the actor's type and name, old records included. */
const actorTypeSql = sql`coalesce(${auditEvents.actorType}, ${auditEvents.details}->'actor'->>'type', 'user')`;
const actorNameSql = sql`case when ${auditEvents.actorType} is null then coalesce(${auditEvents.actorEmail}, ${auditEvents.details}->'actor'->>'name') else ${auditEvents.actorName} end`;

/**
 * Appends a record to its organisation's chain (or the platform's): the chain's head row is locked, so records
 * of one chain are numbered and linked in order whatever runs at once; inside the caller's transaction when it
 * gives one (a rolled-back request leaves no record), else in its own.
 */
export async function recordAudit(db: Db, event: AuditEvent & { eventId?: number; at?: Date }): Promise<void> {
  const chain = chainOf(event.organisationId);
  const actor = actorOfEvent(event);
  await db.transaction(async (tx) => {
    await tx.insert(auditChainHeads).values({ chain, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
    const [head] = await tx.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain)).for('update');
    const seq = (head?.seq ?? 0) + 1;
    const prevHash = head?.hash ?? GENESIS_HASH;
    // Milliseconds: what the hash covers is exactly what the database keeps and gives back.
    const at = new Date(Math.floor((event.at ?? new Date()).getTime()));
    const values = {
      at,
      action: event.action,
      outcome: event.outcome,
      actorType: actor.type,
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.type === 'user' ? actor.name : null,
      organisationId: event.organisationId ?? null,
      target: event.target ?? null,
      ip: event.ip ?? null,
      details: event.details ?? null,
      eventId: event.eventId ?? null,
      chain,
      seq,
      prevHash,
    };
    const hash = hashRecord(chainedRecordOf(values));
    const inserted = await tx
      .insert(auditEvents)
      .values({ ...values, hash })
      .onConflictDoNothing({ target: auditEvents.eventId })
      .returning({ id: auditEvents.id });
    // An event already recorded (a re-delivery) takes no number.
    if (inserted.length === 0) return;
    await tx
      .update(auditChainHeads)
      .set({ seq, hash, sinceSigned: sql`${auditChainHeads.sinceSigned} + 1` })
      .where(eq(auditChainHeads.chain, chain));
  });
}

/** A chain's records with times in [from, to], in order. */
/** One page of a chain's records in a time range, in chain order, after record `afterSeq`. */
export async function chainRecordsPage(
  db: Db,
  chain: string,
  range: { from?: Date; to?: Date },
  afterSeq: number,
  limit: number,
) {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.chain, chain),
        gt(auditEvents.seq, afterSeq),
        range.from ? gte(auditEvents.at, range.from) : undefined,
        range.to ? lte(auditEvents.at, range.to) : undefined,
      ),
    )
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
}

export async function chainHead(db: Db, chain: string) {
  const [row] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
  return row;
}

/** Every chain that has ever had a record. */
export async function chainNames(db: Db): Promise<string[]> {
  const rows = await db.select({ chain: auditChainHeads.chain }).from(auditChainHeads).orderBy(asc(auditChainHeads.chain));
  return rows.map((r) => r.chain);
}

/** Locks the chain's head as recordAudit does, so nothing is appended to the chain while it is archived. */
export async function lockChainHead(tx: Db, chain: string) {
  const [head] = await tx.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain)).for('update');
  return head;
}

export async function storedSignedHeads(db: Db, chain: string, fromSeq: number, toSeq: number) {
  return db
    .select()
    .from(auditSignedHeads)
    .where(and(eq(auditSignedHeads.chain, chain), gte(auditSignedHeads.seq, fromSeq), lte(auditSignedHeads.seq, toSeq)))
    .orderBy(asc(auditSignedHeads.seq));
}

export async function insertSignedHead(db: Db, values: typeof auditSignedHeads.$inferInsert) {
  await db.insert(auditSignedHeads).values(values).onConflictDoNothing();
  await db
    .update(auditChainHeads)
    .set({ sinceSigned: 0 })
    .where(and(eq(auditChainHeads.chain, values.chain), eq(auditChainHeads.seq, values.seq)));
}

/** Chains with records not yet covered by a signed head. */
export async function chainsToSign(db: Db) {
  return db
    .select()
    .from(auditChainHeads)
    .where(sql`${auditChainHeads.sinceSigned} > 0`);
}

/** The chain's newest checkpoint: where its remaining records start. */
export async function latestCheckpoint(db: Db, chain: string) {
  const [row] = await db
    .select()
    .from(auditCheckpoints)
    .where(eq(auditCheckpoints.chain, chain))
    .orderBy(desc(auditCheckpoints.seq))
    .limit(1);
  return row;
}

export async function insertCheckpoint(db: Db, values: typeof auditCheckpoints.$inferInsert) {
  await db.insert(auditCheckpoints).values(values);
}

/**
 * The chain's oldest records, up to the first written at or after `before` (a prefix: records the event
 * subscriber writes late may carry an earlier time than the one before them), at most `limit`.
 */
export async function archivablePrefix(db: Db, chain: string, before: Date, limit: number) {
  const [boundary] = await db
    .select({ seq: min(auditEvents.seq) })
    .from(auditEvents)
    .where(and(eq(auditEvents.chain, chain), gte(auditEvents.at, before)));
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.chain, chain),
        isNotNull(auditEvents.seq),
        boundary?.seq != null ? lt(auditEvents.seq, Number(boundary.seq)) : undefined,
      ),
    )
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
}

/** Removes exactly these records (archived); answers how many went. */
export async function deleteRecords(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await db.delete(auditEvents).where(inArray(auditEvents.id, ids)).returning({ id: auditEvents.id });
  return removed.length;
}

/** A page of a chain's records, newest first, with the /audit page's filters. */
export async function listChain(
  db: Db,
  chain: string,
  q: {
    actor?: string;
    actor_type?: ActorType;
    action?: string;
    target?: string;
    from?: Date;
    to?: Date;
    before?: number;
    limit: number;
  },
) {
  const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.chain, chain),
        q.actor ? ilike(actorNameSql, `%${escape(q.actor)}%`) : undefined,
        q.actor_type ? sql`${actorTypeSql} = ${q.actor_type}` : undefined,
        q.action
          ? q.action.endsWith('.')
            ? like(auditEvents.action, `${escape(q.action)}%`)
            : or(eq(auditEvents.action, q.action), like(auditEvents.action, `${escape(q.action)}.%`))
          : undefined,
        q.target ? eq(auditEvents.target, q.target) : undefined,
        q.from ? gte(auditEvents.at, q.from) : undefined,
        q.to ? lte(auditEvents.at, q.to) : undefined,
        q.before ? lt(auditEvents.seq, q.before) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.seq))
    .limit(q.limit + 1);
}
