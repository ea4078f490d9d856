import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Approval, ApprovalAction } from '@proxai/contract';
import { HELD_ACTIONS, holdsAction } from '@proxai/contract/permissions';
import { AppError, notFound, errorText } from '../../errors';
import { APPROVAL_RUN_HEADER } from '../../plugins/app/auth';
import { allows, authorize } from '../../access/authorize';
import { recordAudit } from '../audit/audit.repository';
import { findUserById } from '../auth/auth.repository';
import { newOpaqueToken } from '../auth/codes';
import { approvalActionsOf, findMembership } from '../teams/teams.repository';
import {
  decideApproval,
  findApproval,
  insertApproval,
  listApprovals,
  recordApprovalResult,
  type ApprovalRow,
} from './approvals.repository';
import { type AuthUser } from '../../kernel/principal';

// Four-eyes approvals (DESIGN.md §15): a listed sensitive request is held until another member approves it.

export const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000;
/** How far back GET /approvals looks (decided ones stay visible for the record; the audit keeps them all). */
const LIST_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const isApprovalAction = (value: string): value is ApprovalAction => (HELD_ACTIONS as readonly string[]).includes(value);

/**
 * Holds the request when the organisation lists its action: stored with its method, path and body, audited, and
 * answered 202 `approval_required`. Answers null when no approval is needed.
 */
export async function holdForApproval(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser,
  action: ApprovalAction,
): Promise<ApprovalRow | null> {
  if (!user.organisationId || request.approvalRun) return null;
  const listed = await approvalActionsOf(app.db, user.organisationId);
  if (!holdsAction(listed, action)) return null;
  const now = new Date();
  const row = await insertApproval(app.db, {
    organisationId: user.organisationId,
    action,
    method: request.method,
    url: request.url,
    body: request.body ?? null,
    requestedBy: user.id,
    requestedAt: now,
    expiresAt: new Date(now.getTime() + APPROVAL_TTL_MS),
  });
  await recordAudit(app.db, {
    action: 'approval.requested',
    outcome: 'success',
    actorId: user.id,
    actorEmail: user.email,
    organisationId: user.organisationId,
    target: row.id,
    ip: request.ip,
    details: { action, method: request.method, path: request.url },
  });
  return row;
}

function statusOf(row: ApprovalRow, now: Date): Approval['status'] {
  return row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;
}

export async function approvalsOf(app: FastifyInstance, user: AuthUser): Promise<Approval[]> {
  authorize(user, 'members.read');
  const now = new Date();
  const rows = await listApprovals(app.db, user.organisationId!, new Date(now.getTime() - LIST_WINDOW_MS));
  return rows
    .filter((r) => isApprovalAction(r.approval.action))
    .map(({ approval: a, requestedBy, decidedBy }) => {
      const status = statusOf(a, now);
      return {
        id: a.id,
        action: a.action as ApprovalAction,
        method: a.method,
        path: a.url,
        body: a.body ?? null,
        requested_by: requestedBy,
        requested_at: a.requestedAt.toISOString(),
        expires_at: a.expiresAt.toISOString(),
        status,
        decided_by: decidedBy,
        decided_at: a.decidedAt?.toISOString() ?? null,
        result_status: a.resultStatus,
        result_detail: a.resultDetail,
        can_decide: status === 'pending' && a.requestedBy !== user.id && allows(user, 'approvals.decide'),
      };
    });
}

async function pendingFor(app: FastifyInstance, user: AuthUser, id: string): Promise<ApprovalRow> {
  authorize(user, 'approvals.decide');
  const row = await findApproval(app.db, user.organisationId!, id);
  if (!row) throw notFound('approval');
  if (statusOf(row, new Date()) !== 'pending')
    throw new AppError('invalid_state', errorText('approvals.alreadyDecided', { status: statusOf(row, new Date()) }));
  if (row.requestedBy === user.id) throw new AppError('forbidden', errorText('approvals.notYourOwn'));
  return row;
}

/** The requester as their request runs now: their role today, in that organisation (none: the run is refused). */
async function requesterOf(app: FastifyInstance, row: ApprovalRow): Promise<AuthUser | null> {
  const user = row.requestedBy ? await findUserById(app.db, row.requestedBy) : undefined;
  const membership = user ? await findMembership(app.db, user.id, row.organisationId) : undefined;
  if (!user || !membership) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organisationId: row.organisationId,
    orgRole: membership.role,
    language: user.language,
    timezone: user.timezone,
    sessionId: row.id,
  };
}

/** Approves and runs the held request as its requester (in-process), recording its outcome. */
export async function approve(app: FastifyInstance, user: AuthUser, id: string, ip?: string): Promise<Approval> {
  const row = await pendingFor(app, user, id);
  if (!(await decideApproval(app.db, row.id, { status: 'approved', decidedBy: user.id }, new Date()))) {
    throw new AppError('invalid_state', errorText('approvals.decidedElsewhere'));
  }
  const requester = await requesterOf(app, row);
  let status = 403;
  let detail: string | null = 'The member who asked no longer belongs to the organisation';
  if (requester) {
    const key = newOpaqueToken();
    app.approvalRuns.set(key, requester);
    try {
      const res = await app.inject({
        method: row.method as 'DELETE',
        url: row.url,
        headers: { [APPROVAL_RUN_HEADER]: key, ...(row.body === null ? {} : { 'content-type': 'application/json' }) },
        ...(row.body === null ? {} : { payload: JSON.stringify(row.body) }),
      });
      status = res.statusCode;
      detail = status >= 400 ? (res.json<{ detail?: string }>().detail ?? null) : null;
    } finally {
      app.approvalRuns.delete(key);
    }
  }
  await recordApprovalResult(app.db, row.id, status, detail);
  await recordAudit(app.db, {
    action: 'approval.approved',
    outcome: status < 400 ? 'success' : 'failure',
    actorId: user.id,
    actorEmail: user.email,
    organisationId: row.organisationId,
    target: row.id,
    ip,
    details: { action: row.action, result_status: status },
  });
  const listed = (await approvalsOf(app, user)).find((a) => a.id === row.id);
  if (!listed) throw notFound('approval');
  return listed;
}

export async function deny(app: FastifyInstance, user: AuthUser, id: string, ip?: string): Promise<Approval> {
  const row = await pendingFor(app, user, id);
  if (!(await decideApproval(app.db, row.id, { status: 'denied', decidedBy: user.id }, new Date()))) {
    throw new AppError('invalid_state', errorText('approvals.decidedElsewhere'));
  }
  await recordAudit(app.db, {
    action: 'approval.denied',
    outcome: 'success',
    actorId: user.id,
    actorEmail: user.email,
    organisationId: row.organisationId,
    target: row.id,
    ip,
    details: { action: row.action },
  });
  const listed = (await approvalsOf(app, user)).find((a) => a.id === row.id);
  if (!listed) throw notFound('approval');
  return listed;
}
