import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { approvals, users } from '../../db/schema';

export type ApprovalRow = typeof approvals.$inferSelect;

export async function insertApproval(db: Db, values: typeof approvals.$inferInsert): Promise<ApprovalRow> {
  const [row] = await db.insert(approvals).values(values).returning();
  if (!row) throw new Error('approval insert returned nothing');
  return row;
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** The organisation's approvals of the last `since`, newest first, with who asked and who decided. */
export async function listApprovals(db: Db, organisationId: string, since: Date) {
  return db
    .select({ approval: approvals, requestedBy: requester.email, decidedBy: decider.email })
    .from(approvals)
    .leftJoin(requester, eq(requester.id, approvals.requestedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy))
    .where(and(eq(approvals.organisationId, organisationId), gt(approvals.requestedAt, since)))
    .orderBy(desc(approvals.requestedAt))
    .limit(200);
}

export async function findApproval(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.id, id), eq(approvals.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** Decides a pending, unexpired approval once: false when someone decided it first or it expired. */
export async function decideApproval(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'denied'; decidedBy: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(approvals)
    .set({ status: decision.status, decidedBy: decision.decidedBy, decidedAt: now })
    .where(and(eq(approvals.id, id), eq(approvals.status, 'pending'), gt(approvals.expiresAt, now)))
    .returning({ id: approvals.id });
  return rows.length > 0;
}

export async function recordApprovalResult(db: Db, id: string, resultStatus: number, resultDetail: string | null) {
  await db
    .update(approvals)
    .set({
      status: sql`case when ${resultStatus} < 400 then 'done' else 'failed' end`,
      resultStatus,
      resultDetail,
    })
    .where(eq(approvals.id, id));
}
