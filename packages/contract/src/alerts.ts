import { z } from 'zod';

// Schemas of alerting (DESIGN.md §13, issue 18): each organisation's alert rules, and the alerts they raise.
// Every plan has them. Notifications (who receives what, quiet hours) live in notifications.ts.

export const ALERT_RULE_KINDS = [
  'host_offline',
  'guest_down',
  'cpu',
  'memory',
  'disk',
  'storage',
  'collector_stale',
  // Backups (issue 19): a guest's newest backup task failed; a guest without a backup for `trigger` hours.
  'backup_failed',
  'backup_missing',
  // Restore tests (issue 19): a critical guest without a passing test in `trigger` days; a guest's last test failed.
  'restore_test_missing',
  'restore_test_failed',
] as const;
export const AlertRuleKindSchema = z.enum(ALERT_RULE_KINDS);
export type AlertRuleKind = z.infer<typeof AlertRuleKindSchema>;

/** An alert's kind: its rule's, or 'flapping' (a rule's subject opened and closed 5 times within 5 minutes). */
export const ALERT_KINDS = [...ALERT_RULE_KINDS, 'flapping'] as const;
export const AlertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKindSchema>;

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export const AlertSeveritySchema = z.enum(ALERT_SEVERITIES);
export type AlertSeverity = z.infer<typeof AlertSeveritySchema>;

/** Kinds whose trigger and clear are percentages (0–100) of the subject's capacity. */
export const PERCENT_RULE_KINDS = ['cpu', 'memory', 'disk', 'storage'] as const satisfies readonly AlertRuleKind[];
export const isPercentRuleKind = (kind: AlertRuleKind): boolean => (PERCENT_RULE_KINDS as readonly string[]).includes(kind);

/**
 * What a rule watches: every subject, the subjects of some hosts, or guests carrying one of some Proxmox tags
 * (a tags scope selects guests only: host, node and storage subjects never match it).
 */
export const AlertScopeSchema = z
  .union([
    z.object({ all: z.literal(true) }).strict(),
    z.object({ host_ids: z.array(z.uuid()).min(1).max(1000) }).strict(),
    z.object({ tags: z.array(z.string().trim().min(1).max(64)).min(1).max(50) }).strict(),
  ])
  .meta({ id: 'AlertScope' });
export type AlertScope = z.infer<typeof AlertScopeSchema>;

/**
 * A threshold as the database keeps it (a 4-byte float): 0, or between 0.01 and a billion, so neither a tiny nor a
 * huge number reaches it (one would underflow or overflow the column).
 */
const Threshold = z
  .number()
  .min(0)
  .max(1e9)
  .refine((v) => v === 0 || v >= 0.01, 'must be 0 or at least 0.01')
  .nullable();

const RuleFields = {
  kind: AlertRuleKindSchema,
  name: z.string().trim().min(1).max(80),
  enabled: z.boolean(),
  severity: AlertSeveritySchema,
  /**
   * When the alert opens. cpu, memory, disk, storage: percent used (value ≥ trigger); host_offline: seconds the
   * host has been unreachable; collector_stale: poll intervals missed in a row; guest_down: null (a stop no task
   * explains).
   */
  trigger: Threshold,
  /**
   * When it closes again (hysteresis): percent kinds: value ≤ clear, below the trigger; others: null (closes as
   * soon as the host answers or polls again).
   */
  clear: Threshold,
  /** How long the value must stay past the trigger before the alert opens (0: at once). */
  duration_seconds: z.number().int().min(0).max(86_400),
  /** After a notification of this rule and subject, a new alert of them is recorded but not notified for this long. */
  cooldown_seconds: z.number().int().min(0).max(86_400),
  /** At most this many notifications of new alerts per rule and subject within any hour. */
  max_per_hour: z.number().int().min(1).max(60),
  scope: AlertScopeSchema,
};

/** The shortest host_offline trigger: below it one slow poll would already alert. */
export const MIN_OFFLINE_SECONDS = 30;

/** What is wrong with a rule's thresholds for its kind (English), or null. */
export function alertRuleProblem(r: {
  kind: AlertRuleKind;
  trigger: number | null;
  clear: number | null;
}): { field: 'trigger' | 'clear'; message: string } | null {
  const { kind, trigger, clear } = r;
  if (isPercentRuleKind(kind)) {
    if (trigger === null) return { field: 'trigger', message: 'needs a trigger threshold (percent)' };
    if (clear === null) return { field: 'clear', message: 'needs a clear threshold (percent), below the trigger' };
    if (trigger <= 0 || trigger > 100)
      return { field: 'trigger', message: `trigger must be a percentage above 0 and at most 100 (got ${trigger})` };
    if (clear >= trigger)
      return {
        field: 'clear',
        message: `clear (${clear} %) must be below the trigger (${trigger} %), or the alert could never close`,
      };
    return null;
  }
  if (kind === 'host_offline') {
    if (trigger === null || trigger < MIN_OFFLINE_SECONDS || trigger > 86_400)
      return {
        field: 'trigger',
        message: `trigger must be the seconds a host may be unreachable, between ${MIN_OFFLINE_SECONDS} and 86400 seconds (got ${trigger})`,
      };
    if (clear !== null) return { field: 'clear', message: 'takes no clear threshold: it closes as soon as the host answers' };
    return null;
  }
  if (kind === 'collector_stale') {
    if (trigger === null || !Number.isInteger(trigger) || trigger < 1 || trigger > 100)
      return { field: 'trigger', message: 'trigger must be a whole number of missed poll intervals (1 to 100)' };
    if (clear !== null) return { field: 'clear', message: 'takes no clear threshold: it closes at the next poll' };
    return null;
  }
  if (kind === 'backup_missing') {
    if (trigger === null || !Number.isInteger(trigger) || trigger < 1 || trigger > 2160)
      return { field: 'trigger', message: 'trigger must be the hours a guest may go without a backup (1 to 2160)' };
    if (clear !== null) return { field: 'clear', message: 'takes no clear threshold: it closes at the next backup' };
    return null;
  }
  if (kind === 'backup_failed') {
    if (trigger !== null || clear !== null)
      return { field: trigger !== null ? 'trigger' : 'clear', message: 'takes no thresholds: it opens when a backup fails' };
    return null;
  }
  if (kind === 'restore_test_missing') {
    if (trigger === null || !Number.isInteger(trigger) || trigger < 1 || trigger > 365)
      return {
        field: 'trigger',
        message: 'trigger must be the days a critical guest may go without a passing restore test (1 to 365)',
      };
    if (clear !== null) return { field: 'clear', message: 'takes no clear threshold: it closes when a restore test passes' };
    return null;
  }
  if (kind === 'restore_test_failed') {
    if (trigger !== null || clear !== null)
      return {
        field: trigger !== null ? 'trigger' : 'clear',
        message: 'takes no thresholds: it opens when a restore test fails',
      };
    return null;
  }
  if (trigger !== null) return { field: 'trigger', message: 'takes no thresholds: it opens on a stop that no task explains' };
  if (clear !== null) return { field: 'clear', message: 'takes no thresholds: it opens on a stop that no task explains' };
  return null;
}

/** One rule as PUT /api/alert-rules takes it: with its id to keep an existing rule (and its alerts' state), without to add one. */
export const AlertRuleInputSchema = z
  .object({ id: z.uuid().optional(), ...RuleFields })
  .superRefine((r, ctx) => {
    const problem = alertRuleProblem(r);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .meta({ id: 'AlertRuleInput' });
export type AlertRuleInput = z.infer<typeof AlertRuleInputSchema>;

export const AlertRuleSchema = z
  .object({ id: z.uuid(), ...RuleFields, created_at: z.string(), updated_at: z.string() })
  .meta({ id: 'AlertRule' });
export type AlertRule = z.infer<typeof AlertRuleSchema>;

/** GET /api/alert-rules, and the answer of PUT: the organisation's whole rule set (defaults on first read). */
export const AlertRuleSetSchema = z.object({ items: z.array(AlertRuleSchema) }).meta({ id: 'AlertRuleSet' });
export type AlertRuleSet = z.infer<typeof AlertRuleSetSchema>;

/**
 * PUT /api/alert-rules: the new rule set, replacing the old one. Rules left out are deleted (their open alerts are
 * resolved without a notification). Thresholds are checked per kind (clear below the trigger for percent kinds);
 * the server then checks that rule and host ids belong to the organisation (400 bad_request naming them).
 */
export const AlertRuleSetInputSchema = z
  .object({
    items: z
      .array(AlertRuleInputSchema)
      .max(100)
      .refine((items) => {
        const ids = items.map((r) => r.id).filter(Boolean);
        return new Set(ids).size === ids.length;
      }, 'a rule id is listed twice'),
  })
  .meta({ id: 'AlertRuleSetInput' });
export type AlertRuleSetInput = z.infer<typeof AlertRuleSetInputSchema>;

export const ALERT_STATUSES = ['active', 'resolved'] as const;
export const AlertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof AlertStatusSchema>;

/** What an alert is about: a host (host_offline, collector_stale, and node cpu/memory/disk), a guest or a storage. */
export const AlertSubjectSchema = z
  .object({ kind: z.enum(['host', 'guest', 'storage']), id: z.string(), name: z.string() })
  .meta({ id: 'AlertSubject' });
export type AlertSubject = z.infer<typeof AlertSubjectSchema>;

export const AlertSchema = z
  .object({
    id: z.uuid(),
    /** Null once its rule was deleted. */
    rule_id: z.uuid().nullable(),
    kind: AlertKindSchema,
    severity: AlertSeveritySchema,
    status: AlertStatusSchema,
    subject: AlertSubjectSchema,
    host_id: z.uuid().nullable(),
    /** English one-liner ('CPU of web-1 at 93 % (trigger 90 %)'). */
    summary: z.string(),
    /** The value that opened it (percent, seconds or intervals, per kind), and the rule's trigger then. */
    value: z.number().nullable(),
    threshold: z.number().nullable(),
    started_at: z.string(),
    resolved_at: z.string().nullable(),
    acknowledged_at: z.string().nullable(),
    /** Who acknowledged it: a person's e-mail, or an API key's name. */
    acknowledged_by: z.string().nullable(),
    /** No message about it (escalation, resolve) before this time. */
    silenced_until: z.string().nullable(),
    /** 0, then 1, 2, 3 after 15, 30 and 60 minutes active and unacknowledged. */
    escalation_level: z.number().int().min(0).max(3),
    /** A 'flapping' alert, or one that was open when its subject started flapping. */
    flapping: z.boolean(),
    /** Alerts of one host opened in the same evaluation share a group (their notification is one message). */
    group_id: z.uuid().nullable(),
    /** Whether a notification was sent when it opened (not when in cooldown, over the hourly cap or flapping). */
    notified: z.boolean(),
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof AlertSchema>;

export const AlertPageSchema = z
  .object({ items: z.array(AlertSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'AlertPage' });
export type AlertPage = z.infer<typeof AlertPageSchema>;

/** GET /api/alerts: newest first (by the time each opened). */
export const AlertListQuerySchema = z.object({
  status: AlertStatusSchema.optional(),
  host_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type AlertListQuery = z.input<typeof AlertListQuerySchema>;

/** GET /api/alerts/count: what the header bell shows. */
export const AlertCountSchema = z
  .object({
    /** Active and not acknowledged. */
    active_unacknowledged: z.number().int(),
    active: z.number().int(),
    /** The most severe active unacknowledged alert's severity, null when none. */
    worst_severity: AlertSeveritySchema.nullable(),
  })
  .meta({ id: 'AlertCount' });
export type AlertCount = z.infer<typeof AlertCountSchema>;

/** POST /api/alerts/{id}/silence. */
export const AlertSilenceSchema = z
  .object({
    minutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
  })
  .meta({ id: 'AlertSilence' });
export type AlertSilence = z.infer<typeof AlertSilenceSchema>;
