import { and, asc, desc, eq, gte, ilike, like, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditChainHeads, auditEvents, auditSignedHeads } from '../../db/schema';
import { chainOf, GENESIS_HASH, hashRecord, type ChainedRecord } from './audit-chain';

export interface AuditEvent {
  action: string;
  outcome: 'success' | 'failure';
  actorId?: string | null;
  actorEmail?: string | null;
  organisationId?: string | null;
  target?: string | null;
  ip?: string | null;
  /** Never put a secret here: this is stored and shown to administrators. */
  details?: Record<string, unknown>;
}

type AuditRow = typeof auditEvents.$inferSelect;

/** The record as the chain hashes it (and exports it). */
export function chainedRecordOf(
  row: Pick<
    AuditRow,
    | 'chain'
    | 'seq'
    | 'at'
    | 'actorId'
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
    actor: { id: row.actorId ?? null, email: row.actorEmail ?? null },
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
 * Appends a record to its organisation's chain (or the platform's): the chain's head row is locked, so records
 * of one chain are numbered and linked in order whatever runs at once; inside the caller's transaction when it
 * gives one (a rolled-back request leaves no record), else in its own.
 */
export async function recordAudit(db: Db, event: AuditEvent & { eventId?: number; at?: Date }): Promise<void> {
  const chain = chainOf(event.organisationId);
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
      actorId: event.actorId ?? null,
      actorEmail: event.actorEmail ?? null,
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

/** A chain's records with numbers in [fromSeq…] and times in [from, to], in order. */
export async function chainRecords(db: Db, chain: string, range: { from?: Date; to?: Date }) {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.chain, chain),
        range.from ? gte(auditEvents.at, range.from) : undefined,
        range.to ? lte(auditEvents.at, range.to) : undefined,
      ),
    )
    .orderBy(asc(auditEvents.seq));
}

export async function chainHead(db: Db, chain: string) {
  const [row] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
  return row;
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

/** A page of a chain's records, newest first, with the /audit page's filters. */
export async function listChain(
  db: Db,
  chain: string,
  q: { actor?: string; action?: string; target?: string; from?: Date; to?: Date; before?: number; limit: number },
) {
  const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.chain, chain),
        q.actor ? ilike(auditEvents.actorEmail, `%${escape(q.actor)}%`) : undefined,
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
