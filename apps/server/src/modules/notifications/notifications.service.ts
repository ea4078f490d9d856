import { randomBytes, randomUUID } from 'node:crypto';
import {
  NotificationChannelInputSchema,
  type DeliveryStatus,
  type NotificationChannel,
  type NotificationChannelCreated,
  type NotificationChannelInput,
  type NotificationChannelPatch,
  type NotificationDelivery,
  type NotificationDeliveryPage,
  type NotificationDeliveryQuery,
  type NotificationEventType,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationScope,
  type NotificationSeverity,
  type NotificationTestResult,
  type QuietHours,
} from '@proxai/contract';
import { AppError, notFound } from '../../errors';
import { requireOrgRole } from '../../plugins/app/auth';
import type { AuthUser } from '../sessions/sessions.service';
import { secretBoxFor } from '../hosts/secret-box';
import { requireFeature } from '../licenses/licenses.service';
import { isKnownTimeZone } from '../schedules/schedule-logic';
import { attemptDelivery, replayValues, type NotifyDeps } from './delivery';
import {
  deleteChannel,
  findChannel,
  findDelivery,
  findPreferences,
  insertChannel,
  insertDeliveries,
  lastDeliveries,
  listChannels,
  listDeliveries,
  updateChannel,
  updateDelivery,
  upsertPreferences,
  type ChannelRow,
  type ChannelValues,
  type DeliveryRow,
} from './notifications.repository';
import { refusalOf } from './outbound-http';
import { DEFAULT_PREFERENCES } from './routing';

/**
 * Notification channels (owners and admins manage them; generic webhooks need the Pro plan's api_webhooks), their
 * delivery log and dead letters, and each person's own preferences.
 */

export interface NotifyContext {
  user: AuthUser;
  organisationId: string;
}

const MANAGE = 'manage notification channels';
const PREVIOUS_SECRET_MS = 24 * 3600_000;

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The URL as the API shows it: a chat webhook's or ntfy topic's path is its credential, so only its start shows. */
function displayUrl(type: string, url: string): string {
  const u = new URL(url);
  if (type === 'webhook' || type === 'gotify') return `${u.origin}${u.pathname}`;
  return `${u.origin}/${u.pathname.slice(1, 5)}…`;
}

// Checks the schema cannot make (a field needed by one channel type, a real time zone): the schema passed, so not validation_failed.
const invalid = (detail: string) => new AppError('bad_request', detail);
/** Not echoing the name: what a person typed does not go back into answers and logs. */
const UNKNOWN_ZONE = 'Unknown time zone: give an IANA name such as Europe/Paris';

export function toChannelDto(row: ChannelRow, last?: DeliveryRow): NotificationChannel {
  return {
    id: row.id,
    type: row.type as NotificationChannel['type'],
    name: row.name,
    url: row.urlDisplay,
    address: row.address,
    has_token: row.tokenSealed !== null,
    min_severity: row.minSeverity as NotificationSeverity,
    scope: row.scope as NotificationScope,
    quiet_hours: row.quietHours as QuietHours | null,
    enabled: row.enabled,
    previous_secret_expires_at: row.previousSecretExpiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_delivery: last
      ? { status: last.status, at: (last.deliveredAt ?? last.createdAt).toISOString(), status_code: last.lastStatusCode }
      : null,
  };
}

export function toDeliveryDto(row: DeliveryRow): NotificationDelivery {
  return {
    id: row.id,
    channel_id: row.channelId,
    user_id: row.userId,
    event_type: row.eventType as NotificationEventType,
    message_id: row.messageId,
    alert_id: row.alertId,
    severity: row.severity as NotificationSeverity | null,
    summary: row.summary,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Checks a whole channel (after a patch is merged) and its URL against the address policy now. */
async function checkChannel(
  deps: NotifyDeps,
  c: { type: string; url?: string | null; address?: string | null; token?: string | null; quiet_hours?: QuietHours | null },
) {
  if (c.type === 'email') {
    if (!c.address) throw invalid('An e-mail channel needs an address');
  } else {
    if (!c.url) throw invalid(`A ${c.type} channel needs a url`);
    if (c.type === 'gotify' && !c.token) throw invalid('A Gotify channel needs its application token (token)');
    const refusal = await refusalOf(c.url, deps.config.NOTIFY_ADDRESS_POLICY, deps.resolver);
    if (refusal) throw new AppError('address_not_allowed', `This URL cannot be used: ${refusal}`);
  }
  if (c.quiet_hours && !isKnownTimeZone(c.quiet_hours.timezone)) {
    throw invalid(UNKNOWN_ZONE);
  }
}

export async function listChannelsOf(deps: NotifyDeps, ctx: NotifyContext): Promise<{ items: NotificationChannel[] }> {
  const rows = await listChannels(deps.db, ctx.organisationId);
  const last = await lastDeliveries(
    deps.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toChannelDto(r, last.get(r.id))) };
}

export async function createChannel(
  deps: NotifyDeps,
  ctx: NotifyContext,
  raw: NotificationChannelInput,
): Promise<NotificationChannelCreated> {
  requireOrgRole(ctx.user, 'admin', MANAGE);
  const input = NotificationChannelInputSchema.parse(raw);
  if (input.type === 'webhook') await requireFeature(deps.db, ctx.organisationId, 'api_webhooks');
  await checkChannel(deps, input);
  const box = secretBoxFor(deps.config, deps.log);
  const secret = input.type === 'webhook' ? newSecret() : null;
  const row = await insertChannel(deps.db, {
    organisationId: ctx.organisationId,
    type: input.type,
    name: input.name,
    urlSealed: input.type === 'email' || !input.url ? null : box.seal(input.url),
    urlDisplay: input.type === 'email' || !input.url ? null : displayUrl(input.type, input.url),
    address: input.type === 'email' ? (input.address ?? null) : null,
    tokenSealed: input.token && (input.type === 'ntfy' || input.type === 'gotify') ? box.seal(input.token) : null,
    secretSealed: secret ? box.seal(secret) : null,
    minSeverity: input.min_severity,
    scope: input.scope,
    quietHours: input.quiet_hours,
    enabled: input.enabled,
  });
  return { ...toChannelDto(row), secret };
}

async function channelOf(deps: NotifyDeps, ctx: NotifyContext, id: string): Promise<ChannelRow> {
  const row = await findChannel(deps.db, ctx.organisationId, id);
  if (!row) throw notFound('Notification channel');
  return row;
}

export async function getChannel(deps: NotifyDeps, ctx: NotifyContext, id: string): Promise<NotificationChannel> {
  const row = await channelOf(deps, ctx, id);
  return toChannelDto(row, (await lastDeliveries(deps.db, [id])).get(id));
}

export async function patchChannel(
  deps: NotifyDeps,
  ctx: NotifyContext,
  id: string,
  patch: NotificationChannelPatch,
): Promise<NotificationChannel> {
  requireOrgRole(ctx.user, 'admin', MANAGE);
  const row = await channelOf(deps, ctx, id);
  const box = secretBoxFor(deps.config, deps.log);
  const token = patch.token !== undefined ? patch.token : row.tokenSealed ? box.open(row.tokenSealed) : null;
  const url = patch.url ?? (row.urlSealed ? box.open(row.urlSealed) : null);
  const address = patch.address ?? row.address;
  const quietHours = patch.quiet_hours !== undefined ? patch.quiet_hours : (row.quietHours as QuietHours | null);
  await checkChannel(deps, { type: row.type, url, address, token, quiet_hours: quietHours });
  const values: Partial<ChannelValues> = { updatedAt: new Date() };
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.url !== undefined && row.type !== 'email') {
    values.urlSealed = box.seal(patch.url);
    values.urlDisplay = displayUrl(row.type, patch.url);
  }
  if (patch.address !== undefined && row.type === 'email') values.address = patch.address;
  if (patch.token !== undefined) values.tokenSealed = patch.token ? box.seal(patch.token) : null;
  if (patch.min_severity !== undefined) values.minSeverity = patch.min_severity;
  if (patch.scope !== undefined) values.scope = patch.scope;
  if (patch.quiet_hours !== undefined) values.quietHours = patch.quiet_hours;
  if (patch.enabled !== undefined) values.enabled = patch.enabled;
  return toChannelDto(await updateChannel(deps.db, id, values));
}

export async function removeChannel(deps: NotifyDeps, ctx: NotifyContext, id: string): Promise<void> {
  requireOrgRole(ctx.user, 'admin', MANAGE);
  if (!(await deleteChannel(deps.db, ctx.organisationId, id))) throw notFound('Notification channel');
}

/** A new whsec_ secret, shown once; the previous one is still sent (a second signature) for 24 h. */
export async function rotateSecret(
  deps: NotifyDeps,
  ctx: NotifyContext,
  id: string,
  now = new Date(),
): Promise<NotificationChannelCreated> {
  requireOrgRole(ctx.user, 'admin', MANAGE);
  const row = await channelOf(deps, ctx, id);
  if (row.type !== 'webhook' || !row.secretSealed)
    throw new AppError('bad_request', 'Only generic webhooks have a signing secret');
  const box = secretBoxFor(deps.config, deps.log);
  const secret = newSecret();
  const updated = await updateChannel(deps.db, id, {
    secretSealed: box.seal(secret),
    previousSecretSealed: row.secretSealed,
    previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_MS),
    updatedAt: now,
  });
  return { ...toChannelDto(updated), secret };
}

/** Sends a `test` message now and answers the delivery as its first attempt left it (retries follow as usual). */
export async function testChannel(
  deps: NotifyDeps,
  ctx: NotifyContext,
  id: string,
  now = new Date(),
): Promise<NotificationTestResult> {
  requireOrgRole(ctx.user, 'admin', MANAGE);
  const channel = await channelOf(deps, ctx, id);
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
  return { ok: after.status === 'delivered', delivery: toDeliveryDto(after) };
}

const encodeCursor = (r: DeliveryRow) => Buffer.from(`${r.createdAt.toISOString()}|${r.id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at);
  if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError('bad_request', 'Invalid cursor');
  return { at: date, id };
}

export async function deliveriesOf(
  deps: NotifyDeps,
  ctx: NotifyContext,
  channelId: string,
  query: NotificationDeliveryQuery,
  deadOnly = false,
): Promise<NotificationDeliveryPage> {
  await channelOf(deps, ctx, channelId);
  const statuses = deadOnly ? ['dead'] : query.status ? [query.status] : undefined;
  const rows = await listDeliveries(deps.db, ctx.organisationId, channelId, {
    statuses,
    limit: query.limit + 1,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const page = rows.slice(0, query.limit);
  return { items: page.map(toDeliveryDto), next_cursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null };
}

/** Queues a dead letter (or a delivered message, sent again) now, with a fresh 24 h of retries. */
export async function replayDelivery(
  deps: NotifyDeps,
  ctx: NotifyContext,
  id: string,
  now = new Date(),
): Promise<NotificationDelivery> {
  requireOrgRole(ctx.user, 'admin', MANAGE);
  const row = await findDelivery(deps.db, ctx.organisationId, id);
  if (!row) throw notFound('Delivery');
  if (row.status !== 'dead' && row.status !== 'delivered') {
    throw new AppError('invalid_state', `This delivery is ${row.status}: only dead or delivered messages can be replayed`);
  }
  return toDeliveryDto(await updateDelivery(deps.db, id, replayValues(now)));
}

export async function preferencesOf(deps: NotifyDeps, user: AuthUser): Promise<NotificationPreferences> {
  const row = await findPreferences(deps.db, user.id);
  if (!row) return DEFAULT_PREFERENCES;
  return {
    email: row.email,
    min_severity: row.minSeverity as NotificationSeverity,
    quiet_hours: row.quietHours as QuietHours | null,
    channel_ids: row.channelIds ?? null,
  };
}

export async function putPreferences(
  deps: NotifyDeps,
  user: AuthUser,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  const merged = {
    ...(await preferencesOf(deps, user)),
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  };
  if (merged.quiet_hours && !isKnownTimeZone(merged.quiet_hours.timezone)) {
    throw invalid(UNKNOWN_ZONE);
  }
  await upsertPreferences(deps.db, {
    userId: user.id,
    email: merged.email,
    minSeverity: merged.min_severity,
    quietHours: merged.quiet_hours,
    channelIds: merged.channel_ids,
    updatedAt: new Date(),
  });
  return merged;
}
