import { z } from 'zod';
import { ClockTimeSchema, TimeZoneSchema } from './automation';
import { LanguageSchema } from './common';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from './events';
import { PLAN_TYPES } from './plans';

// Notifications (issue 18): where alerts go (organisation channels, and each person's own channels), how each
// message is delivered (a delivery row per message and channel, retried for 24 h, then a dead letter that can be
// replayed) and what reaches each person (their preferences: e-mail, minimum severity, quiet hours in their time
// zone; their own channels). An organisation's generic webhooks may also subscribe to domain events (issue 21).

export const NOTIFICATION_CHANNEL_TYPES = ['email', 'webhook', 'slack', 'discord', 'teams', 'ntfy', 'gotify'] as const;
export const NotificationChannelTypeSchema = z.enum(NOTIFICATION_CHANNEL_TYPES);
export type NotificationChannelType = z.infer<typeof NotificationChannelTypeSchema>;

export const NotificationSeveritySchema = z.enum(['info', 'warning', 'critical']);
export type NotificationSeverity = z.infer<typeof NotificationSeveritySchema>;

/** What a message is about; a generic webhook's `type` field and the Standard Webhooks event type. */
export const NOTIFICATION_EVENT_TYPES = ['alert.triggered', 'alert.resolved', 'alert.escalated', 'alert.digest', 'test'] as const;
export const NotificationEventTypeSchema = z.enum(NOTIFICATION_EVENT_TYPES);
export type NotificationEventType = z.infer<typeof NotificationEventTypeSchema>;

/** The alert messages every channel receives by its severity, scope and quiet hours (not by subscription). */
const ALERT_MESSAGE_TYPES = ['alert.triggered', 'alert.resolved', 'alert.escalated'] as const;
export type WebhookEventType = Exclude<DomainEventType, (typeof ALERT_MESSAGE_TYPES)[number]>;
/**
 * The domain events (events.ts) an organisation's generic webhook can subscribe to (`events`): the whole catalogue
 * but the alert messages, which already reach every channel. Each is sent as it happens, whatever the channel's
 * minimum severity and quiet hours (they are data for a machine, not a page for a person), filtered by its scope.
 */
export const WEBHOOK_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter(
  (t): t is WebhookEventType => !(ALERT_MESSAGE_TYPES as readonly string[]).includes(t),
);
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]]);

/** What a delivery carries: an alert message, a digest, a test, or a subscribed domain event. */
export const DELIVERY_EVENT_TYPES = [...NOTIFICATION_EVENT_TYPES, ...WEBHOOK_EVENT_TYPES];
export const DeliveryEventTypeSchema = z.enum(DELIVERY_EVENT_TYPES as [DeliveryEventType, ...DeliveryEventType[]]);
export type DeliveryEventType = NotificationEventType | WebhookEventType;

/**
 * A generic webhook's subscriptions: [] (the default) sends alerts only, as every channel; each type listed is also
 * sent as `{type, timestamp, data}` with `data` the event's data (events.ts), its `webhook-id` derived from the event
 * (one delivery per event and channel, whatever the retries and replays). Only the organisation's webhooks subscribe.
 */
const WebhookEvents = z.array(WebhookEventTypeSchema).max(WEBHOOK_EVENT_TYPES.length);

/** Which alerts a channel receives: all (the default of a new channel), those of some hosts, or of hosts with a tag. */
export const NotificationScopeSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ host_ids: z.array(z.uuid()).min(1).max(500) }),
  z.object({ tags: z.array(z.string().trim().min(1).max(64)).min(1).max(50) }),
]);
export type NotificationScope = z.infer<typeof NotificationScopeSchema>;

/**
 * Quiet hours: from `start` to `end` (HH:MM in `timezone`; `end` before `start` spans midnight) messages are held
 * back and sent as one digest when they end; an alert of `bypass_severity` or above still goes through at once.
 */
export const QuietHoursSchema = z
  .object({
    start: ClockTimeSchema,
    end: ClockTimeSchema,
    timezone: TimeZoneSchema,
    bypass_severity: z.enum(['warning', 'critical']).nullable().default('critical'),
  })
  .refine((q) => q.start !== q.end, { message: 'start and end must differ', path: ['end'] })
  .meta({ id: 'QuietHours' });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/**
 * Whose channel: `organisation` (shared, managed by owners and admins, read by every member) or `me` (the signed-in
 * person's own: only they see, change, test and delete it, whatever their role).
 */
export const NotificationChannelOwnerSchema = z.enum(['organisation', 'me']);
export type NotificationChannelOwner = z.infer<typeof NotificationChannelOwnerSchema>;

/** GET /notification-channels?owner=: the organisation's channels (default) or the signed-in person's own. */
export const NotificationChannelListQuerySchema = z.object({ owner: NotificationChannelOwnerSchema.default('organisation') });
export type NotificationChannelListQuery = z.infer<typeof NotificationChannelListQuerySchema>;

const ChannelName = z.string().trim().min(1).max(100);
/** http(s) URL of a webhook, Slack/Discord/Teams incoming webhook, ntfy topic or Gotify server. */
const ChannelUrl = z.url({ protocol: /^https?$/ }).max(2000);

/**
 * POST /notification-channels. `url` for every type but e-mail, `address` for e-mail; `token` for ntfy (an access
 * token, sent as bearer) and Gotify (the application token, required). A new channel receives every alert
 * (`min_severity` info, scope all) until narrowed. `owner: 'me'` makes a personal channel: any member may add one;
 * a personal e-mail channel always sends to the person's account address (`address` may be left out), and its
 * `quiet_hours` left null follow the person's own quiet hours (GET /notification-preferences).
 */
export const NotificationChannelInputSchema = z
  .object({
    owner: NotificationChannelOwnerSchema.default('organisation'),
    type: NotificationChannelTypeSchema,
    name: ChannelName,
    url: ChannelUrl.optional(),
    address: z.email().max(254).optional(),
    token: z.string().trim().min(1).max(500).optional(),
    min_severity: NotificationSeveritySchema.default('info'),
    scope: NotificationScopeSchema.default({ all: true }),
    /**
     * Optional quiet hours of the channel itself (e.g. a team's Slack channel at night); for a personal channel,
     * null means the person's own quiet hours.
     */
    quiet_hours: QuietHoursSchema.nullable().default(null),
    enabled: z.boolean().default(true),
    /** What its messages are written in; by default the language of the person who creates it. */
    language: LanguageSchema.optional(),
    /** Generic webhooks of the organisation: domain events to send besides alerts (another type or owner: 400). */
    events: WebhookEvents.default([]),
  })
  .meta({ id: 'NotificationChannelInput' });
export type NotificationChannelInput = z.input<typeof NotificationChannelInputSchema>;

/** PATCH: any field but the type; a new `token` replaces the stored one. */
export const NotificationChannelPatchSchema = z
  .object({
    name: ChannelName,
    url: ChannelUrl,
    address: z.email().max(254),
    token: z.string().trim().min(1).max(500).nullable(),
    min_severity: NotificationSeveritySchema,
    scope: NotificationScopeSchema,
    quiet_hours: QuietHoursSchema.nullable(),
    enabled: z.boolean(),
    language: LanguageSchema,
    events: WebhookEvents,
  })
  .partial()
  .meta({ id: 'NotificationChannelPatch' });
export type NotificationChannelPatch = z.infer<typeof NotificationChannelPatchSchema>;

export const NotificationChannelSchema = z
  .object({
    id: z.uuid(),
    /** `me`: the signed-in person's own channel (nobody else sees it). */
    owner: NotificationChannelOwnerSchema,
    type: NotificationChannelTypeSchema,
    name: z.string(),
    /** The URL with any secret part hidden (query string and path past the host shown as '…' for chat webhooks). */
    url: z.string().nullable(),
    address: z.string().nullable(),
    has_token: z.boolean(),
    min_severity: NotificationSeveritySchema,
    scope: NotificationScopeSchema,
    quiet_hours: QuietHoursSchema.nullable(),
    enabled: z.boolean(),
    /** What its e-mails and chat messages are written in (a generic webhook's JSON is data, not translated). */
    language: LanguageSchema,
    /** The domain events it receives besides alerts (generic webhooks of the organisation; else always []). */
    events: z.array(WebhookEventTypeSchema),
    /**
     * Set when the organisation's plan no longer includes this type of channel (a generic webhook after a downgrade
     * from Pro): the plan that resumes it. Its messages are skipped (status `skipped`) until then; null: it sends.
     */
    paused_by_plan: z.enum(PLAN_TYPES).nullable(),
    /** Generic webhooks: when the previous secret stops being sent (24 h after a rotation), else null. */
    previous_secret_expires_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /** The last delivery's outcome, for the list. */
    last_delivery: z.object({ status: z.string(), at: z.string(), status_code: z.number().int().nullable() }).nullable(),
  })
  .meta({ id: 'NotificationChannel' });
export type NotificationChannel = z.infer<typeof NotificationChannelSchema>;

/** The answer of POST (and rotate-secret): generic webhooks carry their `whsec_…` secret, shown this once. */
export const NotificationChannelCreatedSchema = NotificationChannelSchema.extend({ secret: z.string().nullable() }).meta({
  id: 'NotificationChannelCreated',
});
export type NotificationChannelCreated = z.infer<typeof NotificationChannelCreatedSchema>;

export const NotificationChannelListSchema = z
  .object({ items: z.array(NotificationChannelSchema) })
  .meta({ id: 'NotificationChannelList' });

/**
 * pending: queued; retrying: failed, next attempt at next_attempt_at; delivered; dead: gave up (a dead letter,
 * replayable); held: kept back by quiet hours until next_attempt_at; digested: a held message sent inside a digest;
 * skipped: not sent because the channel is paused by the organisation's plan (`last_error` says why; replayable
 * once the plan includes the channel again).
 */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'dead', 'held', 'digested', 'skipped'] as const;
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/** One message to one channel (or one person's e-mail) and its attempts. */
export const NotificationDeliverySchema = z
  .object({
    id: z.uuid(),
    channel_id: z.uuid().nullable(),
    /** Personal e-mail deliveries: the person. */
    user_id: z.uuid().nullable(),
    event_type: DeliveryEventTypeSchema,
    /** The Standard Webhooks message id (webhook-id), stable across retries and replays. */
    message_id: z.string(),
    alert_id: z.uuid().nullable(),
    severity: NotificationSeveritySchema.nullable(),
    summary: z.string(),
    status: DeliveryStatusSchema,
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'NotificationDelivery' });
export type NotificationDelivery = z.infer<typeof NotificationDeliverySchema>;

export const NotificationDeliveryPageSchema = z
  .object({ items: z.array(NotificationDeliverySchema), next_cursor: z.string().nullable() })
  .meta({ id: 'NotificationDeliveryPage' });
export type NotificationDeliveryPage = z.infer<typeof NotificationDeliveryPageSchema>;

/** GET …/deliveries and …/dead-letters: newest first. */
export const NotificationDeliveryQuerySchema = z.object({
  status: DeliveryStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type NotificationDeliveryQuery = z.infer<typeof NotificationDeliveryQuerySchema>;

/** POST …/test: the delivery of the `test` message, as it stands after its first attempt. */
export const NotificationTestResultSchema = z
  .object({ ok: z.boolean(), delivery: NotificationDeliverySchema })
  .meta({ id: 'NotificationTestResult' });
export type NotificationTestResult = z.infer<typeof NotificationTestResultSchema>;

/**
 * GET/PUT /notification-preferences: what reaches the signed-in person by e-mail, and the quiet hours their own
 * channels follow unless they set their own. `channel_ids` are organisation
 * channels the person follows (null: all), for the web app's list: a shared channel's deliveries never depend on one person's
 * settings (a channel has its own severity, scope and quiet hours).
 */
export const NotificationPreferencesSchema = z
  .object({
    email: z.boolean(),
    min_severity: NotificationSeveritySchema,
    quiet_hours: QuietHoursSchema.nullable(),
    channel_ids: z.array(z.uuid()).max(200).nullable(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
export const NotificationPreferencesInputSchema = NotificationPreferencesSchema.partial().meta({
  id: 'NotificationPreferencesInput',
});
export type NotificationPreferencesInput = z.input<typeof NotificationPreferencesInputSchema>;

/** One alert event inside a digest (what happened during the quiet hours, resolves included). */
export const DigestEntrySchema = z.object({
  type: z.enum(['alert.triggered', 'alert.resolved', 'alert.escalated']),
  at: z.string(),
  alert_id: z.uuid(),
  severity: NotificationSeveritySchema,
  summary: z.string(),
  subject: z.object({ kind: z.string(), id: z.string(), name: z.string() }),
  /** The alert's kind, value and threshold: what the digest words each line from, in its channel's language. */
  kind: z.string().optional(),
  value: z.number().nullable().optional(),
  threshold: z.number().nullable().optional(),
});
export type DigestEntry = z.infer<typeof DigestEntrySchema>;

/**
 * The JSON body of a generic webhook (Standard Webhooks: `type`, `timestamp`, `data`). For alert events `data` is
 * the alert event's data; for alert.digest `{ from, to, entries: DigestEntry[] }`; for test `{ channel_id, message }`;
 * for a subscribed domain event the event's data as its schema in events.ts (DomainEventDataSchemas) gives it, and
 * `timestamp` when it happened.
 */
export const WebhookPayloadSchema = z
  .object({ type: DeliveryEventTypeSchema, timestamp: z.string(), data: z.record(z.string(), z.unknown()) })
  .meta({ id: 'WebhookPayload' });
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
