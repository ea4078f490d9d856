import { z } from 'zod';
import { TaskSchema } from './tasks';

// The domain events (DESIGN.md §12): what changed in an organisation's fleet, as the outbox stores it and the
// event stream (GET /api/events), and later webhooks and alerts, hand it on.

const HostRef = { host_id: z.uuid(), name: z.string() };
const GuestRef = { host_id: z.uuid(), vmid: z.number().int(), name: z.string() };

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
} as const;

export type DomainEventType = keyof typeof DomainEventDataSchemas;
export const DOMAIN_EVENT_TYPES = Object.keys(DomainEventDataSchemas) as DomainEventType[];
export type DomainEventData<T extends DomainEventType> = z.infer<(typeof DomainEventDataSchemas)[T]>;

/** One event as the stream sends it: `id` orders the events of the portal and resumes a stream. */
export const DomainEventSchema = z
  .object({
    id: z.string(),
    type: z.enum(DOMAIN_EVENT_TYPES as [DomainEventType, ...DomainEventType[]]),
    at: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'DomainEvent' });
export type DomainEvent = z.infer<typeof DomainEventSchema>;

/** POST /events/ticket: a single-use ticket for `GET /api/events?ticket=` (EventSource cannot send headers). */
export const EventTicketSchema = z.object({ ticket: z.string(), expires_at: z.string() }).meta({ id: 'EventTicket' });
