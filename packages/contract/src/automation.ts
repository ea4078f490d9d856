import { z } from 'zod';
import { BackupPolicyParamsSchema } from './backups';
import { RestoreTestPolicyParamsSchema } from './restore-tests';

// Schemas of automation (DESIGN.md §12): maintenance windows, schedules, the planner, bulk guest actions and
// snapshots. A schedule's occurrences run as tasks (tasks.ts); `schedule_id` + `scheduled_for` make each one
// run exactly once across replicas.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

/** 'HH:MM', 24-hour clock. */
export const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour clock)');

/** An IANA time zone name ('Europe/Paris', 'UTC'); the server checks it is one it knows. */
export const TimeZoneSchema = z.string().trim().min(1).max(64);

/** Longest maintenance window: a whole week. */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;

export const WindowInputSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    days: z
      .array(WeekdaySchema)
      .min(1, 'pick at least one day')
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'a day is listed twice'),
    start: ClockTimeSchema,
    duration_minutes: z.number().int().min(5).max(MAX_WINDOW_MINUTES),
    timezone: TimeZoneSchema,
  })
  .meta({ id: 'WindowInput' });
export type WindowInput = z.infer<typeof WindowInputSchema>;
export const WindowPatchSchema = WindowInputSchema.partial().meta({ id: 'WindowPatch' });
export type WindowPatch = z.infer<typeof WindowPatchSchema>;

export const WindowSchema = WindowInputSchema.extend({
  id: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Window' });
export type MaintenanceWindow = z.infer<typeof WindowSchema>;

/** What a schedule runs: a snapshot policy, a power action on its guests, a backup policy or restore tests. */
export const SCHEDULE_KINDS = ['snapshot', 'guest_action', 'backup', 'restore-test'] as const;
export const ScheduleKindSchema = z.enum(SCHEDULE_KINDS);
export type ScheduleKind = z.infer<typeof ScheduleKindSchema>;

/** Which guests a schedule (or a bulk action) works on: one of these, or several (a guest must match all). */
export const SelectorSchema = z
  .object({
    all: z.literal(true).optional(),
    host_ids: z.array(z.uuid()).min(1).max(1000).optional(),
    guest_ids: z.array(z.uuid()).min(1).max(5000).optional(),
    /** On any selected host. */
    vmids: z.array(z.number().int().min(100).max(999_999_999)).min(1).max(5000).optional(),
    tags: z.array(z.string().trim().min(1).max(64)).min(1).max(50).optional(),
    pools: z.array(z.string().trim().min(1).max(64)).min(1).max(50).optional(),
  })
  .refine(
    (s) => Boolean(s.all || s.host_ids || s.guest_ids || s.vmids || s.tags || s.pools),
    'the selector is empty: choose all guests, hosts, guests, VM ids, tags or pools',
  )
  .meta({ id: 'Selector' });
export type Selector = z.infer<typeof SelectorSchema>;

/** A snapshot name Proxmox accepts: a letter, then letters, digits, '-' and '_' (40 at most). */
export const SnapshotNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{1,39}$/, 'a letter, then 1 to 39 letters, digits, - or _');

/** The policy's prefix leaves room for its '-YYYYMMDDhhmmss' timestamp inside the 40 characters. */
export const SnapshotPolicyParamsSchema = z
  .object({
    prefix: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,19}$/, 'a letter, then up to 19 letters, digits or _')
      .default('auto'),
    keep_last: z.number().int().min(0).max(1000).default(0),
    keep_hourly: z.number().int().min(0).max(1000).default(0),
    keep_daily: z.number().int().min(0).max(1000).default(0),
    keep_weekly: z.number().int().min(0).max(1000).default(0),
    /** Include the VM's RAM (qemu only; containers have none). */
    vmstate: z.boolean().default(false),
  })
  .refine((p) => p.keep_last + p.keep_hourly + p.keep_daily + p.keep_weekly > 0, 'keep at least one snapshot')
  .meta({ id: 'SnapshotPolicyParams' });
export type SnapshotPolicyParams = z.infer<typeof SnapshotPolicyParamsSchema>;

export const BULK_ACTIONS = ['start', 'stop', 'restart'] as const;
export const BulkActionSchema = z.enum(BULK_ACTIONS);
export type BulkAction = z.infer<typeof BulkActionSchema>;

export const GuestActionParamsSchema = z.object({ action: BulkActionSchema }).meta({ id: 'GuestActionParams' });
export type GuestActionParams = z.infer<typeof GuestActionParamsSchema>;

/**
 * Whether a schedule's runs stop, shut down or restart guests: a bulk stop (POST /api/vms/bulk-action with any action
 * but start), which asks a step-up and, where the organisation holds bulk stops, a second member's approval, when
 * the schedule is made or changed and for each "run now".
 */
export function scheduleStopsGuests(schedule: { kind?: unknown; params?: unknown }): boolean {
  if (schedule.kind !== 'guest_action') return false;
  const action =
    schedule.params && typeof schedule.params === 'object' ? (schedule.params as { action?: unknown }).action : undefined;
  return action !== 'start';
}

/** Parameters of each kind of schedule. */
export const ScheduleParamsSchemas = {
  snapshot: SnapshotPolicyParamsSchema,
  guest_action: GuestActionParamsSchema,
  backup: BackupPolicyParamsSchema,
  'restore-test': RestoreTestPolicyParamsSchema,
} as const satisfies Record<ScheduleKind, z.ZodType>;

const ScheduleFields = {
  name: z.string().trim().min(1).max(80),
  /** Five fields: minute hour day-of-month month day-of-week. */
  cron: z.string().trim().min(9).max(120),
  timezone: TimeZoneSchema,
  window_id: z.uuid().nullable().default(null),
  selector: SelectorSchema,
  enabled: z.boolean().default(true),
  /** Run an occurrence missed while the portal was down, once, at start (if its window allows). */
  catch_up: z.boolean().default(false),
};

export const ScheduleInputSchema = z
  .discriminatedUnion('kind', [
    z.object({ ...ScheduleFields, kind: z.literal('snapshot'), params: SnapshotPolicyParamsSchema }),
    z.object({ ...ScheduleFields, kind: z.literal('guest_action'), params: GuestActionParamsSchema }),
    z.object({ ...ScheduleFields, kind: z.literal('backup'), params: BackupPolicyParamsSchema }),
    z.object({ ...ScheduleFields, kind: z.literal('restore-test'), params: RestoreTestPolicyParamsSchema }),
  ])
  .meta({ id: 'ScheduleInput' });
export type ScheduleInput = z.input<typeof ScheduleInputSchema>;

/** PATCH: any field but the kind; the merged schedule is checked as a whole. */
export const SchedulePatchSchema = z
  .object({
    name: ScheduleFields.name,
    cron: ScheduleFields.cron,
    timezone: ScheduleFields.timezone,
    window_id: z.uuid().nullable(),
    selector: SelectorSchema,
    params: z.record(z.string(), z.unknown()),
    enabled: z.boolean(),
    catch_up: z.boolean(),
  })
  .partial()
  .meta({ id: 'SchedulePatch' });
export type SchedulePatch = z.infer<typeof SchedulePatchSchema>;

export const ScheduleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: ScheduleKindSchema,
    cron: z.string(),
    timezone: z.string(),
    window_id: z.uuid().nullable(),
    selector: SelectorSchema,
    params: z.record(z.string(), z.unknown()),
    enabled: z.boolean(),
    catch_up: z.boolean(),
    /** The next occurrence (ISO), null when disabled. */
    next_run_at: z.string().nullable(),
    /** The newest occurrence handled (run or skipped). */
    last_run_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof ScheduleSchema>;

export const SchedulePageSchema = z
  .object({ items: z.array(ScheduleSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'SchedulePage' });
export const WindowPageSchema = z
  .object({ items: z.array(WindowSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'WindowPage' });

/** Longest span the planner answers at once. */
export const MAX_PLAN_DAYS = 31;

export const SchedulePlanQuerySchema = z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });

export const PlanConflictSchema = z.object({
  schedule_id: z.uuid(),
  schedule_name: z.string(),
  at: z.string(),
  /** What the two occurrences share. */
  host_id: z.uuid().nullable(),
  storage: z.string().nullable(),
});

export const PlanOccurrenceSchema = z
  .object({
    schedule_id: z.uuid(),
    schedule_name: z.string(),
    kind: ScheduleKindSchema,
    at: z.string(),
    /** From the schedule's history (median of its last runs), else the kind's default. */
    estimated_minutes: z.number().int(),
    ends_at: z.string(),
    host_ids: z.array(z.uuid()),
    window_id: z.uuid().nullable(),
    /** False when the occurrence would be skipped: outside its window or too long for the time left. */
    in_window: z.boolean(),
    conflicts: z.array(PlanConflictSchema),
  })
  .meta({ id: 'PlanOccurrence' });
export type PlanOccurrence = z.infer<typeof PlanOccurrenceSchema>;

export const SchedulePlanSchema = z
  .object({ from: z.string(), to: z.string(), occurrences: z.array(PlanOccurrenceSchema), truncated: z.boolean() })
  .meta({ id: 'SchedulePlan' });
export type SchedulePlan = z.infer<typeof SchedulePlanSchema>;

/** Most guests one bulk action takes. */
export const MAX_BULK_GUESTS = 500;

export const BulkActionRequestSchema = z
  .object({
    action: BulkActionSchema,
    ids: z
      .array(z.uuid())
      .min(1)
      .max(MAX_BULK_GUESTS)
      .refine((ids) => new Set(ids).size === ids.length, 'a guest is listed twice'),
  })
  .meta({ id: 'BulkActionRequest' });
export type BulkActionRequest = z.infer<typeof BulkActionRequestSchema>;

export const SnapshotSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    /** ISO time it was taken; null when Proxmox does not say. */
    created_at: z.string().nullable(),
    parent: z.string().nullable(),
    vmstate: z.boolean(),
    /** Taken by one of the organisation's snapshot policies (its prefix and timestamp). */
    by_policy: z.boolean(),
  })
  .meta({ id: 'Snapshot' });
export type GuestSnapshot = z.infer<typeof SnapshotSchema>;

export const SnapshotListSchema = z.object({ items: z.array(SnapshotSchema) }).meta({ id: 'SnapshotList' });

export const SnapshotCreateSchema = z
  .object({
    name: SnapshotNameSchema,
    description: z.string().max(500).default(''),
    vmstate: z.boolean().default(false),
  })
  .meta({ id: 'SnapshotCreate' });
export type SnapshotCreate = z.input<typeof SnapshotCreateSchema>;
