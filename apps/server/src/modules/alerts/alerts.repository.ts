import { and, asc, count, desc, eq, exists, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guestScopeConditions, type GuestScope } from '../guests/guests.repository';
import {
  alertRuleDefaults,
  alertRules,
  alerts,
  alertStates,
  guests,
  hosts,
  maintenanceWindows,
  schedules,
  storages,
} from '../../db/schema';
import type { SubjectState } from './engine';
import type { RuleValues } from './rules';

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;
export type NewAlertRow = typeof alerts.$inferInsert;
export type AlertStateRow = typeof alertStates.$inferSelect;

/**
 * Takes the organisation's alert lock for the rest of the transaction: one evaluator (or guest-stop check) per
 * organisation at a time, across replicas.
 */
export async function lockOrganisationAlerts(tx: Db, organisationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`alerts:${organisationId}`}, 0))`);
}

const ruleRow = (organisationId: string, r: RuleValues, position: number) => ({
  organisationId,
  kind: r.kind,
  name: r.name,
  enabled: r.enabled,
  severity: r.severity,
  trigger: r.trigger,
  clear: r.clear,
  durationSeconds: r.duration_seconds,
  cooldownSeconds: r.cooldown_seconds,
  maxPerHour: r.max_per_hour,
  scope: r.scope as Record<string, unknown>,
  position,
});

export async function listRules(db: Db, organisationId: string): Promise<AlertRuleRow[]> {
  return db
    .select()
    .from(alertRules)
    .where(eq(alertRules.organisationId, organisationId))
    .orderBy(asc(alertRules.position), asc(alertRules.createdAt));
}

/** Makes the default rules once per organisation (a replica racing another makes them only once). */
export async function ensureDefaultRules(db: Db, organisationId: string, defaults: readonly RuleValues[]): Promise<void> {
  const kinds = defaults.map((r) => r.kind);
  const [marker] = await db
    .select({ offered: alertRuleDefaults.offeredKinds })
    .from(alertRuleDefaults)
    .where(eq(alertRuleDefaults.organisationId, organisationId));
  if (marker && kinds.every((k) => marker.offered.includes(k))) return;
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(alertRuleDefaults)
      .values({ organisationId, offeredKinds: kinds })
      .onConflictDoNothing()
      .returning();
    if (made.length > 0) {
      await tx.insert(alertRules).values(defaults.map((r, i) => ruleRow(organisationId, r, i)));
      return;
    }
    // Default kinds added since the organisation got its rules: given once, after its rules, unless it has one.
    const [locked] = await tx
      .select({ offered: alertRuleDefaults.offeredKinds })
      .from(alertRuleDefaults)
      .where(eq(alertRuleDefaults.organisationId, organisationId))
      .for('update');
    const missing = defaults.filter((r) => !locked!.offered.includes(r.kind));
    if (missing.length === 0) return;
    const rules = await tx
      .select({ kind: alertRules.kind, position: alertRules.position })
      .from(alertRules)
      .where(eq(alertRules.organisationId, organisationId));
    const has = new Set(rules.map((r) => r.kind));
    const next = Math.max(-1, ...rules.map((r) => r.position)) + 1;
    const added = missing.filter((r) => !has.has(r.kind));
    if (added.length > 0) await tx.insert(alertRules).values(added.map((r, i) => ruleRow(organisationId, r, next + i)));
    await tx
      .update(alertRuleDefaults)
      .set({ offeredKinds: [...locked!.offered, ...missing.map((r) => r.kind)] })
      .where(eq(alertRuleDefaults.organisationId, organisationId));
  });
}

/** Which of `ids` are not rules of the organisation. */
export async function unknownRuleIds(db: Db, organisationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: alertRules.id })
    .from(alertRules)
    .where(and(eq(alertRules.organisationId, organisationId), inArray(alertRules.id, [...ids])));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * Replaces the rule set: rules kept by id are updated (a changed kind starts the rule's state over), the others
 * deleted (their open alerts resolved, silently), new ones added. In one transaction under the alert lock.
 */
export async function replaceRules(
  db: Db,
  organisationId: string,
  rules: readonly (RuleValues & { id?: string })[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganisationAlerts(tx, organisationId);
    await tx.insert(alertRuleDefaults).values({ organisationId }).onConflictDoNothing();
    const keep = rules.map((r) => r.id).filter((id): id is string => Boolean(id));
    const before = await listRules(tx, organisationId);
    const gone = before.filter((r) => !keep.includes(r.id)).map((r) => r.id);
    const kindChanged = before.filter((r) => rules.some((n) => n.id === r.id && n.kind !== r.kind)).map((r) => r.id);
    const reset = [...gone, ...kindChanged];
    if (reset.length > 0) {
      await tx
        .update(alerts)
        .set({ status: 'resolved', resolvedAt: now })
        .where(and(eq(alerts.organisationId, organisationId), eq(alerts.status, 'active'), inArray(alerts.ruleId, reset)));
      await tx.delete(alertStates).where(inArray(alertStates.ruleId, reset));
    }
    if (gone.length > 0) await tx.delete(alertRules).where(inArray(alertRules.id, gone));
    for (const [i, r] of rules.entries()) {
      const values = ruleRow(organisationId, r, i);
      if (r.id) {
        await tx
          .update(alertRules)
          .set({ ...values, updatedAt: now })
          .where(and(eq(alertRules.id, r.id), eq(alertRules.organisationId, organisationId)));
      } else {
        await tx.insert(alertRules).values(values);
      }
    }
  });
}

export interface AlertFilter {
  status?: 'active' | 'resolved';
  hostId?: string;
  /** An API key's host/tag scope: only the alerts about what it sees. */
  scope?: AlertScope;
}

/**
 * What a scoped API key sees of the alerts: a guest's when the guest is on one of `guestHostIds` (null: any) and
 * carries one of `guestTags` (null: any); a host's or storage's when its host is one of `hostIds`.
 */
export interface AlertScope extends GuestScope {
  hostIds: string[];
}

function scopeCondition(db: Db, scope: AlertScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  const guestSeen = exists(
    db
      .select({ one: sql`1` })
      .from(guests)
      .where(
        and(
          eq(sql`${guests.id}::text`, alerts.subjectId),
          eq(guests.organisationId, alerts.organisationId),
          ...guestScopeConditions(scope),
        ),
      ),
  );
  const hostSeen = scope.hostIds.length > 0 ? inArray(alerts.hostId, scope.hostIds) : sql`false`;
  return or(and(eq(alerts.subjectKind, 'guest'), guestSeen), and(ne(alerts.subjectKind, 'guest'), hostSeen));
}

export async function listAlerts(
  db: Db,
  organisationId: string,
  filter: AlertFilter,
  limit: number,
  after?: { startedAt: Date; id: string },
): Promise<AlertRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(alerts.organisationId, organisationId),
    filter.status ? eq(alerts.status, filter.status) : undefined,
    filter.hostId ? eq(alerts.hostId, filter.hostId) : undefined,
    scopeCondition(db, filter.scope),
    after
      ? or(lt(alerts.startedAt, after.startedAt), and(eq(alerts.startedAt, after.startedAt), lt(alerts.id, after.id)))
      : undefined,
  ];
  return db
    .select()
    .from(alerts)
    .where(and(...conditions))
    .orderBy(desc(alerts.startedAt), desc(alerts.id))
    .limit(limit);
}

export async function countActive(
  db: Db,
  organisationId: string,
  scope?: AlertScope,
): Promise<{ severity: string; acknowledged: boolean; n: number }[]> {
  const rows = await db
    .select({ severity: alerts.severity, acknowledged: sql<boolean>`${alerts.acknowledgedAt} is not null`, n: count() })
    .from(alerts)
    .where(and(eq(alerts.organisationId, organisationId), eq(alerts.status, 'active'), scopeCondition(db, scope)))
    .groupBy(alerts.severity, sql`${alerts.acknowledgedAt} is not null`);
  return rows.map((r) => ({ severity: r.severity, acknowledged: Boolean(r.acknowledged), n: Number(r.n) }));
}

/** An alert of the organisation; with a scope, only one it lets the key see. */
export async function findAlert(db: Db, organisationId: string, id: string, scope?: AlertScope): Promise<AlertRow | undefined> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.organisationId, organisationId), eq(alerts.id, id), scopeCondition(db, scope)));
  return row;
}

export async function updateAlert(db: Db, id: string, values: Partial<NewAlertRow>): Promise<AlertRow | undefined> {
  const [row] = await db.update(alerts).set(values).where(eq(alerts.id, id)).returning();
  return row;
}

export async function insertAlerts(db: Db, rows: NewAlertRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(alerts).values(rows);
}

export async function activeAlerts(db: Db, organisationId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.organisationId, organisationId), eq(alerts.status, 'active')));
}

export async function loadStates(db: Db, organisationId: string): Promise<AlertStateRow[]> {
  return db.select().from(alertStates).where(eq(alertStates.organisationId, organisationId));
}

export async function saveState(db: Db, organisationId: string, ruleId: string, subjectKey: string, s: SubjectState, now: Date) {
  const values = {
    condition: s.condition,
    pendingSince: s.pendingSince === null ? null : new Date(s.pendingSince),
    activeAlertId: s.activeAlertId,
    flappingAlertId: s.flappingAlertId,
    changes: s.changes,
    notifications: s.notifications,
    updatedAt: now,
  };
  await db
    .insert(alertStates)
    .values({ ruleId, subjectKey, organisationId, ...values })
    .onConflictDoUpdate({ target: [alertStates.ruleId, alertStates.subjectKey], set: values });
}

export async function deleteState(db: Db, ruleId: string, subjectKey: string): Promise<void> {
  await db.delete(alertStates).where(and(eq(alertStates.ruleId, ruleId), eq(alertStates.subjectKey, subjectKey)));
}

export const toSubjectState = (r: AlertStateRow): SubjectState => ({
  condition: r.condition,
  pendingSince: r.pendingSince?.getTime() ?? null,
  activeAlertId: r.activeAlertId,
  flappingAlertId: r.flappingAlertId,
  changes: r.changes,
  notifications: r.notifications,
});

/** The organisation's maintenance windows, each with the selectors of the schedules tied to it. */
export async function windowsWithSelectors(db: Db, organisationId: string) {
  const windows = await db.select().from(maintenanceWindows).where(eq(maintenanceWindows.organisationId, organisationId));
  if (windows.length === 0) return [];
  const tied = await db
    .select({ windowId: schedules.windowId, selector: schedules.selector })
    .from(schedules)
    .where(
      and(
        eq(schedules.organisationId, organisationId),
        inArray(
          schedules.windowId,
          windows.map((w) => w.id),
        ),
      ),
    );
  return windows.map((w) => ({ window: w, selectors: tied.filter((s) => s.windowId === w.id).map((s) => s.selector) }));
}

/** The organisations that have at least one host (the evaluator's round). */
export async function organisationsWithHosts(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ id: hosts.organisationId }).from(hosts);
  return rows.map((r) => r.id);
}

/** What the evaluator reads of the organisation's fleet (the metric store's latest values aside). */
export async function fleetRows(db: Db, organisationId: string) {
  // One after the other: inside a transaction the queries share one connection.
  const hostRows = await db
    .select({
      id: hosts.id,
      name: hosts.name,
      status: hosts.status,
      lastSyncAt: hosts.lastSyncAt,
      pollFailures: hosts.pollFailures,
      lastError: hosts.lastError,
      clusterName: hosts.clusterName,
    })
    .from(hosts)
    .where(eq(hosts.organisationId, organisationId));
  const guestRows = await db
    .select({
      id: guests.id,
      hostId: guests.hostId,
      vmid: guests.vmid,
      name: guests.name,
      state: guests.state,
      tags: guests.tags,
      memoryMb: guests.memoryMb,
    })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), isNull(guests.goneAt)));
  const storageRows = await db
    .select({
      id: storages.id,
      hostId: storages.hostId,
      node: storages.node,
      name: storages.name,
      shared: storages.shared,
      used: storages.used,
      total: storages.total,
      status: storages.status,
    })
    .from(storages)
    .where(eq(storages.organisationId, organisationId));
  return { hosts: hostRows, guests: guestRows, storages: storageRows };
}
