import type { DomainEventType, Task } from '@proxai/contract';
import type { Db } from '../../db/client';
import { type auditEvents } from '../../db/schema';
import type { Subscriber } from '../events/dispatcher';
import type { EventRow } from '../events/events.repository';
import { recordAudit } from './audit.repository';

/** Domain events the audit log records, and the action name each becomes. */
const ACTIONS: Partial<Record<DomainEventType, string>> = {
  'host.added': 'host.add',
  'host.removed': 'host.delete',
  'host.updated': 'host.update',
  'task.created': 'task.request',
  'schedule.changed': 'schedule.change',
  'schedule.fired': 'schedule.run',
  'schedule.skipped': 'schedule.skip',
};

/** One audit record for an event; null for events not worth one (a task the system started for itself). */
export function auditRecordOf(e: EventRow): typeof auditEvents.$inferInsert | null {
  const action = ACTIONS[e.type as DomainEventType];
  if (!action) return null;
  const data = e.data;
  if (e.type === 'task.created') {
    const task = data.task as Task;
    if (task.created_by.type === 'system') return null;
    return {
      eventId: e.id,
      at: e.at,
      action: `${action}.${task.kind}`,
      outcome: 'success',
      actorId: task.created_by.type === 'user' ? task.created_by.id : null,
      actorEmail: task.created_by.type === 'user' ? task.created_by.name : null,
      organisationId: e.organisationId,
      target: task.target.guest_id ?? task.target.host_id ?? task.id,
      details: { task_id: task.id, kind: task.kind, params: task.params, actor: task.created_by },
    };
  }
  const actor = e.actor;
  return {
    eventId: e.id,
    at: e.at,
    action,
    outcome: e.type === 'schedule.skipped' ? 'failure' : 'success',
    actorId: actor?.type === 'user' ? actor.id : null,
    actorEmail: actor?.type === 'user' ? actor.name : null,
    organisationId: e.organisationId,
    target: (data.host_id ?? data.schedule_id ?? data.window_id ?? null) as string | null,
    ip: actor?.ip ?? null,
    details: {
      ...data,
      ...(actor && actor.type !== 'user' ? { actor: { type: actor.type, id: actor.id, name: actor.name } } : {}),
    },
  };
}

/**
 * The audit log as a durable subscriber of the outbox: each change that emits an event is recorded once, in the
 * transaction that moves the subscriber's cursor (a unique event_id makes a re-delivered event a no-op).
 */
export const auditSubscriber: Subscriber = {
  name: 'audit',
  types: Object.keys(ACTIONS) as DomainEventType[],
  async handle(tx: Db, batch: EventRow[]) {
    // In the events' order, each linked into its organisation's chain.
    for (const row of batch.map(auditRecordOf)) {
      if (!row) continue;
      await recordAudit(tx, {
        action: row.action,
        outcome: row.outcome,
        actorId: row.actorId,
        actorEmail: row.actorEmail,
        organisationId: row.organisationId,
        target: row.target,
        ip: row.ip,
        details: row.details ?? undefined,
        eventId: row.eventId ?? undefined,
        at: row.at instanceof Date ? row.at : undefined,
      });
    }
  },
};
