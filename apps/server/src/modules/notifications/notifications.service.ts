import { randomBytes, randomUUID } from 'node:crypto';
import {
  isLanguage,
  NotificationChannelInputSchema,
  type NotificationChannel,
  type NotificationChannelCreated,
  type NotificationChannelInput,
  type NotificationChannelOwner,
  type NotificationChannelPatch,
  type NotificationScope,
  type NotificationSeverity,
  type NotificationTestResult,
  type PlanType,
  type QuietHours,
  type WebhookEventType,
  WEBHOOK_EVENT_TYPES,
} from '@proxai/contract';
import { AppError, type ErrorText, errorText } from '../../errors';
import { FALLBACK_LANGUAGE } from '../../i18n/messages';
import { authorize } from '../../access/authorize';
import { secretBoxFor } from '../pve/secret-box';
import { requireFeature } from '../licenses/licenses.service';
import { channelScopeFor } from '../api-keys/key-scope';
import { channelOf, requireManage, seesChannel, type NotifyContext } from './channel-access';
import { toDeliveryDto } from './deliveries.service';
import { attemptDelivery, type NotifyDeps } from './delivery';
import {
  deleteChannel,
  insertChannel,
  insertDeliveries,
  lastDeliveries,
  listOwnedChannels,
  updateChannel,
  userContact,
  type ChannelRow,
  type ChannelValues,
  type DeliveryRow,
} from './notifications.repository';
import { refusalOf } from './outbound-http';
import { featureOf, planView } from './plan-gate';
import { checkQuietHours } from './preferences.service';

/**
 * Notification channels: the organisation's (owners and admins manage them) and each person's own (any member
 * adds theirs; only they see it). Generic webhooks need the Pro plan's api_webhooks to be made or tested, and are
 * paused (plan-gate.ts) while the plan lacks it; the organisation's may subscribe to domain events (`events`).
 */

const PREVIOUS_SECRET_MS = 24 * 3600_000;

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The URL as the API shows it: a chat webhook's or ntfy topic's path is its credential, so only its start shows. */
function displayUrl(type: string, url: string): string {
  const u = new URL(url);
  if (type === 'webhook' || type === 'gotify') return `${u.origin}${u.pathname}`;
  return `${u.origin}/${u.pathname.slice(1, 5)}…`;
}

// Checks the schema cannot make (a field needed by one channel type): the schema passed, so not validation_failed.
const invalid = (detail: ErrorText) => new AppError('bad_request', detail);

/**
 * Domain events (issue 21) go to the organisation's generic webhooks only: a person's channels and the chat and push
 * channels get alerts. Answers the subscriptions to store, without repeats, in the catalogue's order.
 */
function checkEvents(events: readonly WebhookEventType[], channel: { type: string; isPersonal: boolean }): WebhookEventType[] {
  if (events.length > 0 && (channel.type !== 'webhook' || channel.isPersonal)) {
    throw invalid(errorText('notifications.eventsGenericOnly'));
  }
  return WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t));
}

/** Subscriptions as stored, keeping only types the catalogue still has. */
const storedEvents = (row: ChannelRow): WebhookEventType[] => WEBHOOK_EVENT_TYPES.filter((t) => row.events.includes(t));

/** A personal e-mail channel goes to the person's account address only (no relay to addresses they do not own). */
function checkPersonalAddress(address: string | undefined, ctx: NotifyContext): void {
  if (address !== undefined && address.trim().toLowerCase() !== ctx.user.email.toLowerCase()) {
    throw invalid(errorText('notifications.personalEmailOwnAddress'));
  }
}

export function toChannelDto(
  row: ChannelRow,
  extra: { last?: DeliveryRow; pausedBy?: PlanType | null; accountEmail?: string } = {},
): NotificationChannel {
  const { last, pausedBy = null, accountEmail } = extra;
  return {
    id: row.id,
    owner: row.userId ? 'me' : 'organisation',
    type: row.type as NotificationChannel['type'],
    name: row.name,
    url: row.urlDisplay,
    // A personal e-mail channel stores no address: it follows the account's.
    address: row.address ?? (row.userId && row.type === 'email' ? (accountEmail ?? null) : null),
    has_token: row.tokenSealed !== null,
    min_severity: row.minSeverity as NotificationSeverity,
    scope: row.scope as NotificationScope,
    quiet_hours: row.quietHours as QuietHours | null,
    enabled: row.enabled,
    language: isLanguage(row.language) ? row.language : FALLBACK_LANGUAGE,
    events: storedEvents(row),
    paused_by_plan: pausedBy,
    previous_secret_expires_at: row.previousSecretExpiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_delivery: last
      ? { status: last.status, at: (last.deliveredAt ?? last.createdAt).toISOString(), status_code: last.lastStatusCode }
      : null,
  };
}

/** Checks a whole channel (after a patch is merged) and its URL against the address policy now. */
async function checkChannel(
  deps: NotifyDeps,
  c: { type: string; url?: string | null; address?: string | null; token?: string | null; quiet_hours?: QuietHours | null },
) {
  if (c.type === 'email') {
    if (!c.address) throw invalid(errorText('notifications.emailNeedsAddress'));
  } else {
    if (!c.url) throw invalid(errorText('notifications.needsUrl', { type: c.type }));
    if (c.type === 'gotify' && !c.token) throw invalid(errorText('notifications.gotifyNeedsToken'));
    const refusal = await refusalOf(c.url, deps.config.NOTIFY_ADDRESS_POLICY, deps.resolver);
    if (refusal) throw new AppError('address_not_allowed', errorText('notifications.urlRefused', { reason: refusal }));
  }
  checkQuietHours(c.quiet_hours);
}

/** The channels as this person sees them now (with the last delivery and what the plan pauses). */
async function channelDtos(deps: NotifyDeps, ctx: NotifyContext, rows: ChannelRow[]): Promise<NotificationChannel[]> {
  const last = await lastDeliveries(
    deps.db,
    rows.map((r) => r.id),
  );
  const plan = await planView(deps.db, ctx.organisationId);
  return rows.map((r) =>
    toChannelDto(r, { last: last.get(r.id), pausedBy: plan.pausedBy(r.type), accountEmail: ctx.user.email }),
  );
}

export async function listChannelsOf(
  deps: NotifyDeps,
  ctx: NotifyContext,
  owner: NotificationChannelOwner = 'organisation',
): Promise<{ items: NotificationChannel[] }> {
  const rows = await listOwnedChannels(deps.db, ctx.organisationId, owner === 'me' ? ctx.user.id : null);
  const visible = rows.filter((row) => seesChannel(ctx, row));
  return { items: await channelDtos(deps, ctx, visible) };
}

export async function createChannel(
  deps: NotifyDeps,
  ctx: NotifyContext,
  raw: NotificationChannelInput,
): Promise<NotificationChannelCreated> {
  const input = NotificationChannelInputSchema.parse(raw);
  const isPersonal = input.owner === 'me';
  if (!isPersonal) authorize(ctx.user, 'notifications.manage');
  const feature = featureOf(input.type);
  if (feature) await requireFeature(deps.db, ctx.organisationId, feature);
  const isEmail = input.type === 'email';
  if (isPersonal && isEmail) checkPersonalAddress(input.address, ctx);
  const events = checkEvents(input.events, { type: input.type, isPersonal });
  const scope = channelScopeFor(ctx.user, input.scope);
  await checkChannel(deps, { ...input, address: isPersonal && isEmail ? ctx.user.email : input.address });
  const box = secretBoxFor(deps.config, deps.log);
  const secret = input.type === 'webhook' ? newSecret() : null;
  const row = await insertChannel(deps.db, {
    organisationId: ctx.organisationId,
    userId: isPersonal ? ctx.user.id : null,
    type: input.type,
    name: input.name,
    urlSealed: isEmail || !input.url ? null : box.seal(input.url),
    urlDisplay: isEmail || !input.url ? null : displayUrl(input.type, input.url),
    address: isEmail && !isPersonal ? (input.address ?? null) : null,
    tokenSealed: input.token && (input.type === 'ntfy' || input.type === 'gotify') ? box.seal(input.token) : null,
    secretSealed: secret ? box.seal(secret) : null,
    minSeverity: input.min_severity,
    scope,
    quietHours: input.quiet_hours,
    enabled: input.enabled,
    language: input.language ?? (await userContact(deps.db, ctx.user.id))?.language ?? FALLBACK_LANGUAGE,
    events,
  });
  return { ...toChannelDto(row, { accountEmail: ctx.user.email }), secret };
}

export async function getChannel(deps: NotifyDeps, ctx: NotifyContext, id: string): Promise<NotificationChannel> {
  const [dto] = await channelDtos(deps, ctx, [await channelOf(deps, ctx, id)]);
  return dto!;
}

export async function patchChannel(
  deps: NotifyDeps,
  ctx: NotifyContext,
  id: string,
  patch: NotificationChannelPatch,
): Promise<NotificationChannel> {
  const row = await channelOf(deps, ctx, id);
  requireManage(ctx, row);
  const isPersonalEmail = row.userId !== null && row.type === 'email';
  if (isPersonalEmail) checkPersonalAddress(patch.address, ctx);
  const events = patch.events && checkEvents(patch.events, { type: row.type, isPersonal: row.userId !== null });
  const box = secretBoxFor(deps.config, deps.log);
  const token = patch.token !== undefined ? patch.token : row.tokenSealed ? box.open(row.tokenSealed) : null;
  const url = patch.url ?? (row.urlSealed ? box.open(row.urlSealed) : null);
  const address = isPersonalEmail ? ctx.user.email : (patch.address ?? row.address);
  const quietHours = patch.quiet_hours !== undefined ? patch.quiet_hours : (row.quietHours as QuietHours | null);
  await checkChannel(deps, { type: row.type, url, address, token, quiet_hours: quietHours });
  const values: Partial<ChannelValues> = { updatedAt: new Date() };
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.url !== undefined && row.type !== 'email') {
    values.urlSealed = box.seal(patch.url);
    values.urlDisplay = displayUrl(row.type, patch.url);
  }
  if (patch.address !== undefined && row.type === 'email' && !isPersonalEmail) values.address = patch.address;
  if (patch.token !== undefined) values.tokenSealed = patch.token ? box.seal(patch.token) : null;
  if (patch.min_severity !== undefined) values.minSeverity = patch.min_severity;
  if (patch.scope !== undefined) values.scope = channelScopeFor(ctx.user, patch.scope);
  if (patch.quiet_hours !== undefined) values.quietHours = patch.quiet_hours;
  if (patch.enabled !== undefined) values.enabled = patch.enabled;
  if (patch.language !== undefined) values.language = patch.language;
  if (events) values.events = events;
  const [dto] = await channelDtos(deps, ctx, [await updateChannel(deps.db, id, values)]);
  return dto!;
}

export async function removeChannel(deps: NotifyDeps, ctx: NotifyContext, id: string): Promise<void> {
  requireManage(ctx, await channelOf(deps, ctx, id));
  await deleteChannel(deps.db, ctx.organisationId, id);
}

/** A new whsec_ secret, shown once; the previous one is still sent (a second signature) for 24 h. */
export async function rotateSecret(
  deps: NotifyDeps,
  ctx: NotifyContext,
  id: string,
  now = new Date(),
): Promise<NotificationChannelCreated> {
  const row = await channelOf(deps, ctx, id);
  requireManage(ctx, row);
  if (row.type !== 'webhook' || !row.secretSealed)
    throw new AppError('bad_request', errorText('notifications.secretGenericOnly'));
  const box = secretBoxFor(deps.config, deps.log);
  const secret = newSecret();
  const updated = await updateChannel(deps.db, id, {
    secretSealed: box.seal(secret),
    previousSecretSealed: row.secretSealed,
    previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_MS),
    updatedAt: now,
  });
  const [dto] = await channelDtos(deps, ctx, [updated]);
  return { ...dto!, secret };
}

/**
 * Sends a `test` message now and answers the delivery as its first attempt left it (retries follow as usual). A
 * channel paused by the plan is refused (403 plan_required), not tested into a skipped message.
 */
export async function testChannel(
  deps: NotifyDeps,
  ctx: NotifyContext,
  id: string,
  now = new Date(),
): Promise<NotificationTestResult> {
  const channel = await channelOf(deps, ctx, id);
  requireManage(ctx, channel);
  const feature = featureOf(channel.type);
  if (feature) await requireFeature(deps.db, ctx.organisationId, feature);
  const [row] = await insertDeliveries(deps.db, [
    {
      organisationId: ctx.organisationId,
      channelId: channel.id,
      dedupeKey: `test:${randomUUID()}`,
      eventType: 'test',
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      summary: `Test of ${channel.name}`,
      payload: { channel_id: channel.id, message: `This is a test notification from ProxAI to the channel "${channel.name}".` },
      occurredAt: now,
      status: 'pending',
      nextAttemptAt: now,
      // Leased by this request, so the delivery pump does not attempt it beside us.
      claimedAt: now,
    },
  ]);
  const after = (await attemptDelivery(deps, row!.id, now))!;
  return { ok: after.status === 'delivered', delivery: toDeliveryDto(after, ctx.language) };
}
