import { z } from 'zod';
import { ORG_ROLES } from './permissions';
import { PLAN_TYPES } from './plans';
import { TaskSchema } from './tasks';

// The domain events (DESIGN.md §12): what changed in an organisation (its fleet, its members, its keys, its
// licences), as the outbox stores it and the event stream (GET /api/events), the audit log, the alerts and the
// organisation's webhooks (notifications.ts `events`, ADR 013) hand it on. A webhook's `data` is exactly the
// event's data below: these schemas are the webhook payloads' contract.

const HostRef = { host_id: z.uuid(), name: z.string() };
const GuestRef = { host_id: z.uuid(), vmid: z.number().int(), name: z.string() };

/** What every alert.* event says about its alert (alerts.ts). */
const AlertRef = {
  alert_id: z.uuid(),
  rule_id: z.uuid().nullable(),
  /** 'host_offline' | 'guest_down' | 'cpu' | 'memory' | 'disk' | 'storage' | 'collector_stale' | 'flapping' */
  kind: z.string(),
  severity: z.enum(['info', 'warning', 'critical']),
  subject: z.object({ kind: z.enum(['host', 'guest', 'storage']), id: z.string(), name: z.string() }),
  host_id: z.uuid().nullable(),
  /** English one-liner. */
  summary: z.string(),
  value: z.number().nullable(),
  threshold: z.number().nullable(),
};
/**
 * Grouping per host: when several alerts of one host are due the same message in one evaluation, ONE event is
 * emitted for the most severe of them (the fields above), and `group` lists every alert it stands for (itself
 * included) — one message instead of several. Absent when the event is about one alert only.
 */
const AlertGroup = {
  group: z
    .array(
      z.object({
        alert_id: z.uuid(),
        kind: z.string(),
        severity: z.enum(['info', 'warning', 'critical']),
        subject: z.object({ kind: z.enum(['host', 'guest', 'storage']), id: z.string(), name: z.string() }),
        summary: z.string(),
        value: z.number().nullable(),
        threshold: z.number().nullable(),
      }),
    )
    .optional(),
};

export const DomainEventDataSchemas = {
  'host.added': z.object(HostRef),
  'host.removed': z.object(HostRef),
  /** Renamed, credentials rotated or certificate re-pinned. */
  'host.updated': z.object({ ...HostRef, changed: z.array(z.enum(['name', 'credentials', 'fingerprint'])) }),
  'host.online': z.object(HostRef),
  'host.offline': z.object({ ...HostRef, reason: z.string().nullable() }),
  /** A sync that changed more guests than it is worth telling one by one. */
  'host.synced': z.object({ ...HostRef, added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
  'guest.appeared': z.object(GuestRef),
  'guest.gone': z.object(GuestRef),
  'guest.state_changed': z.object({ ...GuestRef, guest_id: z.uuid(), state: z.string(), previous: z.string() }),
  'task.created': z.object({ task: TaskSchema }),
  'task.progress': z.object({ task_id: z.uuid(), status: z.string(), progress: z.number().int() }),
  'task.ended': z.object({ task: TaskSchema }),
  /** A schedule's occurrence started (its task), or was recorded skipped with the reason. */
  'schedule.fired': z.object({ schedule_id: z.uuid(), name: z.string(), task_id: z.uuid(), scheduled_for: z.string() }),
  'schedule.skipped': z.object({
    schedule_id: z.uuid(),
    name: z.string(),
    task_id: z.uuid(),
    scheduled_for: z.string(),
    reason: z.string(),
  }),
  /** A schedule or window was created, changed or deleted (the planner redraws). */
  'schedule.changed': z.object({ schedule_id: z.uuid().nullable(), window_id: z.uuid().nullable() }),
  /**
   * Alerts (issue 18): emitted only when a notification is due (after hysteresis, duration, cooldown, hourly cap,
   * flapping, suppression by tasks, locks and maintenance windows).
   */
  'alert.triggered': z.object({ ...AlertRef, ...AlertGroup }),
  'alert.resolved': z.object({ ...AlertRef, duration_seconds: z.number(), ...AlertGroup }),
  /** Level 1, 2, 3 after 15, 30, 60 minutes active and unacknowledged. */
  'alert.escalated': z.object({ ...AlertRef, level: z.number().int(), ...AlertGroup }),
  /** `by`: the e-mail of who acknowledged it. */
  'alert.acknowledged': z.object({ ...AlertRef, by: z.string() }),
  // Backups and restore tests (issue 19).
  'backup.completed': z.object({
    host_id: z.uuid(),
    guest_id: z.uuid().nullable(),
    vmid: z.number().int(),
    name: z.string(),
    volid: z.string().nullable(),
    task_id: z.uuid(),
  }),
  'backup.failed': z.object({
    host_id: z.uuid(),
    guest_id: z.uuid().nullable(),
    vmid: z.number().int(),
    name: z.string(),
    task_id: z.uuid(),
    /** Proxmox's words (`VM 100 is locked (snapshot)`), English. */
    error: z.string(),
  }),
  'restore_test.ended': z.object({
    restore_test_id: z.uuid(),
    guest_id: z.uuid(),
    name: z.string(),
    status: z.enum(['passed', 'failed', 'skipped']),
    rto_seconds: z.number().nullable(),
    reason: z.string().nullable(),
  }),
  /** A restore test could not prove its copy gone: a VMID or disks left on the target. */
  'restore_test.leftover': z.object({
    restore_test_id: z.uuid(),
    host_id: z.uuid(),
    node: z.string(),
    vmid: z.number().int(),
    detail: z.string(),
  }),
  // Members (issue 20's teams): `role` is the organisation role, `email` the person's address.
  /** An invitation was mailed (the invite counts from then on; it is accepted by `member.joined`). */
  'member.invited': z.object({ invite_id: z.uuid(), email: z.string(), role: z.enum(ORG_ROLES) }),
  /** A person accepted an invitation and became a member. */
  'member.joined': z.object({ user_id: z.uuid(), email: z.string(), role: z.enum(ORG_ROLES) }),
  'member.role_changed': z.object({
    user_id: z.uuid(),
    email: z.string(),
    role: z.enum(ORG_ROLES),
    previous: z.enum(ORG_ROLES),
  }),
  /** Removed by an admin or an owner, or `left` of their own accord. */
  'member.removed': z.object({ user_id: z.uuid(), email: z.string(), left: z.boolean() }),
  // API keys (issue 21).
  'api_key.created': z.object({
    api_key_id: z.uuid(),
    name: z.string(),
    /** The key's public prefix (`pxk_<prefix>`), never its secret. */
    prefix: z.string(),
    scopes: z.array(z.string()),
    expires_at: z.string(),
  }),
  /** Revoked by a person, or because the member who created it left the organisation. */
  'api_key.revoked': z.object({
    api_key_id: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    reason: z.enum(['revoked', 'creator_left']),
  }),
  // Licences, issued and revoked by the vendor's staff for the organisation.
  'licence.generated': z.object({ licence_id: z.uuid(), plan_type: z.enum(PLAN_TYPES), expires_at: z.string() }),
  'licence.revoked': z.object({ licence_id: z.uuid(), reason: z.string() }),
} as const;

export type DomainEventType = keyof typeof DomainEventDataSchemas;
export const DOMAIN_EVENT_TYPES = Object.keys(DomainEventDataSchemas) as DomainEventType[];
export type DomainEventData<T extends DomainEventType> = z.infer<(typeof DomainEventDataSchemas)[T]>;

/** The domains of the catalogue, in the order the web app lists them: a type's domain is what precedes its dot. */
export const DOMAIN_EVENT_DOMAINS = [
  'host',
  'guest',
  'task',
  'schedule',
  'alert',
  'backup',
  'restore_test',
  'member',
  'api_key',
  'licence',
] as const;
export type DomainEventDomain = (typeof DOMAIN_EVENT_DOMAINS)[number];
/** Fails to compile while a type's domain is missing from the list above. */
type ListedDomain<T extends `${DomainEventDomain}.${string}`> = T;
export const domainOfEvent = (type: ListedDomain<DomainEventType>): DomainEventDomain =>
  type.slice(0, type.indexOf('.')) as DomainEventDomain;

/** One event as the stream sends it: `id` orders the events of the portal and resumes a stream. */
export const DomainEventSchema = z
  .object({
    id: z.string(),
    type: z.enum(DOMAIN_EVENT_TYPES as [DomainEventType, ...DomainEventType[]]),
    at: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({
    id: 'DomainEvent',
    examples: [
      {
        id: '18342',
        type: 'guest.state_changed',
        at: '2026-11-24T09:20:14.311Z',
        data: {
          host_id: '5f0c2a7e-8b1d-4c3e-a6f9-1d2e3f4a5b6c',
          vmid: 101,
          name: 'web-01',
          guest_id: '0b8c6f1e-3c2a-4f5e-9d7a-2f1e8c4b6a90',
          state: 'running',
          previous: 'stopped',
        },
      },
    ],
  });
export type DomainEvent = z.infer<typeof DomainEventSchema>;

/** POST /events/ticket: a single-use ticket for `GET /api/events?ticket=` (EventSource cannot send headers). */
export const EventTicketSchema = z.object({ ticket: z.string(), expires_at: z.string() }).meta({ id: 'EventTicket' });
