import type { DomainEventType, Task } from '@proxai/contract';
import type { Db } from '../../db/client';
import type { Subscriber } from '../../events/dispatcher';
import type { EventRow } from '../../events/outbox';
import { SYSTEM_ACTOR, type AuditActor } from './audit-chain';
import { recordAudit, type AuditEvent } from './audit.repository';

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

/** An event's or task's actor as the record names it (its address stays the record's `ip`). */
const actorOf = (a: { type: AuditActor['type']; id: string | null; name: string }): AuditActor => ({
  type: a.type,
  id: a.id,
  name: a.name,
});

/**
 * One audit record for an event, with its actor of whatever kind (a person, an API key, a schedule, the server:
 * an event nobody is named for is the server's own); null for events not worth one (a task the system started for
 * itself).
 */
export function auditRecordOf(e: EventRow): (AuditEvent & { eventId: number; at: Date }) | null {
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
      actor: actorOf(task.created_by),
      organisationId: e.organisationId,
      target: task.target.guest_id ?? task.target.host_id ?? task.id,
      ip: e.actor?.ip ?? null,
      details: { task_id: task.id, kind: task.kind, params: task.params },
    };
  }
  return {
    eventId: e.id,
    at: e.at,
    action,
    outcome: e.type === 'schedule.skipped' ? 'failure' : 'success',
    actor: e.actor ? actorOf(e.actor) : SYSTEM_ACTOR,
    organisationId: e.organisationId,
    target: (data.host_id ?? data.schedule_id ?? data.window_id ?? null) as string | null,
    ip: e.actor?.ip ?? null,
    details: data,
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
    for (const record of batch.map(auditRecordOf)) {
      if (record) await recordAudit(tx, record);
    }
  },
};
