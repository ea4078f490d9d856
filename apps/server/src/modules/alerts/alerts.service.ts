import type {
  Alert,
  AlertCount,
  AlertListQuery,
  AlertPage,
  AlertRuleSet,
  AlertRuleSetInput,
  AlertSeverity,
} from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, errorText, notFound } from '../../errors';
import { authorize } from '../../access/authorize';
import { sqlScopeOf } from '../api-keys/scoped-lists';
import { emitEvent } from '../../events/outbox';
import { unknownHostIds } from '../schedules/schedules.repository';
import { alertRef, toAlertDto, toRuleDto } from './alert-dto';
import {
  countActive,
  ensureDefaultRules,
  findAlert,
  listAlerts,
  listRules,
  lockOrganisationAlerts,
  replaceRules,
  unknownRuleIds,
  updateAlert,
  type AlertRow,
} from './alerts.repository';
import { DEFAULT_RULES } from './rules';
import { parseTimeCursor, timeCursorOf } from '../../db/page-cursor';
import { creatorOf } from '../../kernel/principal';
import { actorOf, type RequestContext } from '../../kernel/request-context';

/**
 * Alert rules and alerts (every plan): every member reads them; operators and above change the rules,
 * acknowledge and silence alerts (the people on call).
 */

export async function getRules(db: Db, ctx: RequestContext): Promise<AlertRuleSet> {
  await ensureDefaultRules(db, ctx.organisationId, DEFAULT_RULES);
  return { items: (await listRules(db, ctx.organisationId)).map(toRuleDto) };
}

export async function putRules(db: Db, ctx: RequestContext, input: AlertRuleSetInput, now = new Date()): Promise<AlertRuleSet> {
  authorize(ctx.user, 'alerts.manage');
  // The schema checked each rule's thresholds; what it cannot know is which ids are the organisation's.
  const ids = input.items.map((r) => r.id).filter((id): id is string => Boolean(id));
  const unknown = await unknownRuleIds(db, ctx.organisationId, ids);
  if (unknown.length > 0) throw new AppError('bad_request', errorText('alerts.unknownRules', { ids: unknown.join(', ') }));
  const hostIds = [...new Set(input.items.flatMap((r) => ('host_ids' in r.scope ? r.scope.host_ids : [])))];
  const unknownHosts = await unknownHostIds(db, ctx.organisationId, hostIds);
  if (unknownHosts.length > 0)
    throw new AppError('bad_request', errorText('alerts.unknownHosts', { ids: unknownHosts.join(', ') }));
  // A first change made before the rules were ever read: the defaults count as given, so they do not come back.
  await ensureDefaultRules(db, ctx.organisationId, DEFAULT_RULES);
  await replaceRules(db, ctx.organisationId, input.items, now);
  return { items: (await listRules(db, ctx.organisationId)).map(toRuleDto) };
}

/** The position after a row, opaque to clients: base64url of `started_at|id`. */
const cursorOf = (a: AlertRow) => timeCursorOf(a.startedAt, a.id);

function parseCursor(cursor: string): { startedAt: Date; id: string } {
  const { at, id } = parseTimeCursor(cursor);
  return { startedAt: at, id };
}

export async function listAlertsOf(db: Db, ctx: RequestContext, query: AlertListQuery): Promise<AlertPage> {
  const limit = Number(query.limit ?? 50);
  const rows = await listAlerts(
    db,
    ctx.organisationId,
    { status: query.status, hostId: query.host_id, scope: await sqlScopeOf(db, ctx.user) },
    limit + 1,
    query.cursor ? parseCursor(query.cursor) : undefined,
  );
  const page = rows.slice(0, limit);
  return { items: page.map(toAlertDto), next_cursor: rows.length > limit ? cursorOf(page.at(-1)!) : null };
}

const SEVERITY_ORDER: AlertSeverity[] = ['critical', 'warning', 'info'];

export async function countAlertsOf(db: Db, ctx: RequestContext): Promise<AlertCount> {
  const groups = await countActive(db, ctx.organisationId, await sqlScopeOf(db, ctx.user));
  const unacked = groups.filter((g) => !g.acknowledged);
  const worst = SEVERITY_ORDER.find((s) => unacked.some((g) => g.severity === s && g.n > 0)) ?? null;
  return {
    active_unacknowledged: unacked.reduce((n, g) => n + g.n, 0),
    active: groups.reduce((n, g) => n + g.n, 0),
    worst_severity: worst,
  };
}

/** The active alert a responder acts on; one outside a scoped key's hosts and tags is 404, as if it did not exist. */
async function activeAlertOf(db: Db, ctx: RequestContext, id: string): Promise<AlertRow> {
  const row = await findAlert(db, ctx.organisationId, id, await sqlScopeOf(db, ctx.user));
  if (!row) throw notFound('alert');
  if (row.status !== 'active') throw new AppError('invalid_state', errorText('alerts.resolved'));
  return row;
}

/** Acknowledges an active alert (stops its escalation); acknowledging it again changes nothing. */
export async function acknowledgeAlert(db: Db, ctx: RequestContext, id: string, now = new Date()): Promise<Alert> {
  authorize(ctx.user, 'alerts.respond');
  return db.transaction(async (tx) => {
    await lockOrganisationAlerts(tx, ctx.organisationId);
    const row = await activeAlertOf(tx, ctx, id);
    if (row.acknowledgedAt) return toAlertDto(row);
    // A person by e-mail, an API key by its name (not its creator's: the key did it).
    const by = creatorOf(ctx.user).name;
    const updated = (await updateAlert(tx, id, { acknowledgedAt: now, acknowledgedBy: by }))!;
    await emitEvent(tx, ctx.organisationId, 'alert.acknowledged', { ...alertRef(updated), by }, actorOf(ctx));
    return toAlertDto(updated);
  });
}

/** No message about an active alert (escalation, resolve) for the next `minutes`. */
export async function silenceAlert(db: Db, ctx: RequestContext, id: string, minutes: number, now = new Date()): Promise<Alert> {
  authorize(ctx.user, 'alerts.respond');
  return db.transaction(async (tx) => {
    await lockOrganisationAlerts(tx, ctx.organisationId);
    await activeAlertOf(tx, ctx, id);
    const updated = (await updateAlert(tx, id, { silencedUntil: new Date(now.getTime() + minutes * 60_000) }))!;
    return toAlertDto(updated);
  });
}
