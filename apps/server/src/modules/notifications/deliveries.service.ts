import type {
  DeliveryEventType,
  DeliveryStatus,
  Language,
  NotificationDelivery,
  NotificationDeliveryPage,
  NotificationDeliveryQuery,
  NotificationSeverity,
} from '@proxai/contract';
import { AppError, errorText, notFound } from '../../errors';
import { scopeOf } from '../api-keys/key-scope';
import { requireFeature } from '../licenses/licenses.service';
import { channelOf, requireManage, visibleChannel, type NotifyContext } from './channel-access';
import { messageOf, replayValues, type NotifyDeps } from './delivery';
import { summaryIn } from './formatters';
import { findDelivery, listDeliveries, updateDelivery, type DeliveryRow } from './notifications.repository';
import { featureOf } from './plan-gate';
import { parseTimeCursor, timeCursorOf } from '../../db/page-cursor';

/** A channel's delivery log and dead letters (read by whoever sees the channel), and the replay of a message. */

/** Messages a replay may queue again: given up, sent, or skipped while the plan paused the channel. */
const REPLAYABLE: readonly string[] = ['dead', 'delivered', 'skipped'];

/** A delivery as the API answers it; with `language`, its summary is written in it (else the stored English). */
export function toDeliveryDto(row: DeliveryRow, language?: Language): NotificationDelivery {
  return {
    id: row.id,
    channel_id: row.channelId,
    user_id: row.userId,
    event_type: row.eventType as DeliveryEventType,
    message_id: row.messageId,
    alert_id: row.alertId,
    severity: row.severity as NotificationSeverity | null,
    summary: language ? summaryIn(messageOf(row), language) : row.summary,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const encodeCursor = (r: DeliveryRow) => timeCursorOf(r.createdAt, r.id);
const decodeCursor = parseTimeCursor;

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
  return {
    items: page.map((r) => toDeliveryDto(r, ctx.language)),
    next_cursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null,
  };
}

/**
 * Queues a dead letter (or a delivered message, sent again, or one skipped while the plan paused its channel) now,
 * with a fresh 24 h of retries. A channel the plan still pauses is refused (403 plan_required), not queued to be
 * skipped again.
 */
export async function replayDelivery(
  deps: NotifyDeps,
  ctx: NotifyContext,
  id: string,
  now = new Date(),
): Promise<NotificationDelivery> {
  const row = await findDelivery(deps.db, ctx.organisationId, id);
  const channel = row?.channelId ? await visibleChannel(deps, ctx, row.channelId) : undefined;
  // A message of no channel (a member's own e-mail) is beyond any API key limited to some hosts or tags.
  if (!row || (row.channelId ? !channel : scopeOf(ctx.user))) throw notFound('delivery');
  requireManage(ctx, channel ?? null);
  if (!REPLAYABLE.includes(row.status)) {
    throw new AppError('invalid_state', errorText('notifications.replayOnly', { status: row.status }));
  }
  const feature = channel && featureOf(channel.type);
  if (feature) await requireFeature(deps.db, ctx.organisationId, feature);
  return toDeliveryDto(await updateDelivery(deps.db, id, replayValues(now)), ctx.language);
}
