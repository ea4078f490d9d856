import { randomUUID } from 'node:crypto';
import type { AlertRuleKind, AlertScope } from '@proxai/contract';
import type { Db } from '../../db/client';
import type { BackgroundDeps } from '../../jobs/background';
import { latestValues } from '../metrics/store';
import { backupReadings, isBackupRuleKind } from './backup-readings';
import { isRestoreTestRuleKind, restoreTestReadings } from './restore-test-readings';
import {
  activeAlerts,
  deleteState,
  ensureDefaultRules,
  fleetRows,
  insertAlerts,
  listRules,
  loadStates,
  lockOrganisationAlerts,
  saveState,
  toSubjectState,
  updateAlert,
  type AlertRow,
  type AlertRuleRow,
  type NewAlertRow,
} from './alerts.repository';
import { markGuestStopChecked, pruneGuestStops } from './guest-stops.repository';
import { closeAll, escalationDue, initialState, step, type Effect, type Reading, type SubjectState } from './engine';
import { checkGuestStops, type CheckedStop } from './guest-stops';
import { maintenanceCover, type MaintenanceCover } from './maintenance';
import { emitNotices, type Notice } from './notices';
import { DEFAULT_RULES } from './rules';
import { guestDownReading, inScope, readingsOf, type Fleet, type SubjectReading } from './readings';

/**
 * The periodic evaluator (DESIGN.md §13): for one organisation, under its alert lock (one evaluator per
 * organisation across replicas), reads the fleet and the metric store's newest samples, feeds every (rule,
 * subject) to the engine, writes alerts and state, escalates, and emits the alert.* events grouped per host in
 * the same transaction. Guest stops recorded by the subscriber are checked first, outside the transaction.
 */

export interface EvaluateOptions {
  now?: Date;
  /** How old a sample may be and still count (default: three poll intervals, at least 2 minutes). */
  maxSampleAgeSeconds?: number;
}

const STOP_RETENTION_MS = 24 * 60 * 60_000;

export async function evaluateOrganisation(
  deps: BackgroundDeps,
  organisationId: string,
  options: EvaluateOptions = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const interval = deps.config.SYNC_INTERVAL_SECONDS;
  // A new organisation watches its fleet from its first host on, whether or not someone opened the rules yet.
  await ensureDefaultRules(deps.db, organisationId, DEFAULT_RULES);
  const stops = await checkGuestStops(deps, organisationId, now);
  const latest = await latestValues(deps.db, organisationId, options.maxSampleAgeSeconds ?? Math.max(120, 3 * interval), now);
  await deps.db.transaction(async (tx) => {
    await lockOrganisationAlerts(tx, organisationId);
    const rows = await fleetRows(tx, organisationId);
    const fleet: Fleet = { ...rows, latest };
    const cover = await maintenanceCover(tx, organisationId);
    const run = new Evaluation(tx, organisationId, now, cover, fleet);
    await run.load();
    const rules = await listRules(tx, organisationId);
    for (const rule of rules) {
      if (!rule.enabled) continue;
      const readings =
        rule.kind === 'guest_down'
          ? run.guestDownReadings(rule, stops)
          : isBackupRuleKind(rule.kind)
            ? await backupReadings(tx, organisationId, ruleForReading(rule), now)
            : isRestoreTestRuleKind(rule.kind)
              ? await restoreTestReadings(tx, organisationId, ruleForReading(rule), fleet, now)
              : readingsOf(ruleForReading(rule), fleet, now, interval);
      for (const r of readings) await run.apply(rule, r);
    }
    await run.closeUntouched(new Set(rules.filter((r) => r.enabled).map((r) => r.id)));
    await run.escalate();
    for (const c of stops)
      await markGuestStopChecked(tx, c.stop.id, c.explanation ? `explained: ${c.explanation}` : 'unexplained', now);
    await pruneGuestStops(tx, organisationId, new Date(now.getTime() - STOP_RETENTION_MS));
    await emitNotices(tx, organisationId, run.notices, now);
  });
}

const ruleForReading = (r: AlertRuleRow) => ({
  id: r.id,
  kind: r.kind as AlertRuleKind,
  trigger: r.trigger,
  clear: r.clear,
  durationSeconds: r.durationSeconds,
  scope: r.scope as AlertScope,
});

const isIdle = (s: SubjectState) =>
  s.condition === 'ok' && !s.activeAlertId && !s.flappingAlertId && s.changes.length === 0 && s.notifications.length === 0;

/** One evaluation's working set: states and open alerts loaded once, what changed written as it goes. */
class Evaluation {
  readonly notices: Notice[] = [];
  private states = new Map<string, { ruleId: string; subjectKey: string; state: SubjectState }>();
  private open = new Map<string, AlertRow>();
  private touched = new Set<string>();

  constructor(
    private readonly tx: Db,
    private readonly organisationId: string,
    private readonly now: Date,
    private readonly cover: MaintenanceCover,
    private readonly fleet: Fleet,
  ) {}

  async load(): Promise<void> {
    for (const row of await loadStates(this.tx, this.organisationId)) {
      this.states.set(`${row.ruleId}|${row.subjectKey}`, {
        ruleId: row.ruleId,
        subjectKey: row.subjectKey,
        state: toSubjectState(row),
      });
    }
    for (const a of await activeAlerts(this.tx, this.organisationId)) this.open.set(a.id, a);
  }

  /** guest_down readings: the unexplained stops in scope, and whether each open or pending one still holds. */
  guestDownReadings(rule: AlertRuleRow, stops: readonly CheckedStop[]): SubjectReading[] {
    const scope = rule.scope as AlertScope;
    const byId = new Map(this.fleet.guests.map((g) => [g.id, g]));
    const out = new Map<string, SubjectReading>();
    const entry = (guestId: string, reading: Reading): SubjectReading | undefined => {
      const g = byId.get(guestId);
      if (!g || !inScope(scope, g.hostId, g.tags)) return undefined;
      const name = g.name || String(g.vmid);
      return {
        subjectKey: `guest:${g.id}`,
        subject: { kind: 'guest', id: g.id, name },
        hostId: g.hostId,
        reading,
        durationSeconds: rule.durationSeconds,
        summary: `${name} (${g.vmid}) stopped without a task, backup, lock or maintenance window to explain it`,
      };
    };
    for (const { state, ruleId, subjectKey } of this.states.values()) {
      if (ruleId !== rule.id || isIdle(state)) continue;
      const guestId = subjectKey.slice('guest:'.length);
      const r = entry(guestId, guestDownReading(byId.get(guestId)));
      if (r) out.set(r.subjectKey, r);
    }
    for (const c of stops) {
      if (c.explanation) continue;
      const r = entry(c.stop.guestId, { level: 'high', value: null, since: c.stop.stoppedAt.getTime() });
      if (r) out.set(r.subjectKey, r);
    }
    return [...out.values()];
  }

  async apply(rule: AlertRuleRow, r: SubjectReading): Promise<void> {
    const key = `${rule.id}|${r.subjectKey}`;
    this.touched.add(key);
    const prev = this.states.get(key)?.state ?? initialState();
    // Most subjects are fine most of the time: nothing to run or store.
    if (isIdle(prev) && r.reading.level !== 'high') return;
    const t = this.now.getTime();
    const info = (id: string | null) => {
      const a = id ? this.open.get(id) : undefined;
      return a ? { notified: a.notified, silencedUntil: a.silencedUntil?.getTime() ?? null } : undefined;
    };
    const { state, effects } = step(
      { durationSeconds: r.durationSeconds, cooldownSeconds: rule.cooldownSeconds, maxPerHour: rule.maxPerHour },
      prev,
      r.reading,
      {
        now: t,
        suppressed: this.cover.covers(r.hostId, this.now),
        active: info(prev.activeAlertId),
        flappingAlert: info(prev.flappingAlertId),
        newId: randomUUID,
      },
    );
    await this.effects(rule, r, effects);
    await this.store(rule.id, r.subjectKey, prev, state);
  }

  private async store(ruleId: string, subjectKey: string, prev: SubjectState, next: SubjectState): Promise<void> {
    const key = `${ruleId}|${subjectKey}`;
    if (isIdle(next)) {
      if (this.states.has(key)) await deleteState(this.tx, ruleId, subjectKey);
      this.states.delete(key);
      return;
    }
    this.states.set(key, { ruleId, subjectKey, state: next });
    if (JSON.stringify(prev) !== JSON.stringify(next))
      await saveState(this.tx, this.organisationId, ruleId, subjectKey, next, this.now);
  }

  private async effects(rule: AlertRuleRow, r: SubjectReading, effects: Effect[]): Promise<void> {
    const toInsert: NewAlertRow[] = [];
    for (const e of effects) {
      if (e.type === 'open') {
        const row: NewAlertRow = {
          id: e.alertId,
          organisationId: this.organisationId,
          ruleId: rule.id,
          kind: e.flapping ? 'flapping' : rule.kind,
          severity: rule.severity,
          status: 'active',
          subjectKind: r.subject.kind,
          subjectId: r.subject.id,
          subjectName: r.subject.name,
          hostId: r.hostId,
          summary: e.flapping ? `${rule.name} of ${r.subject.name} is flapping (5 changes within 5 minutes)` : r.summary,
          value: r.reading.value,
          threshold: rule.trigger,
          startedAt: this.now,
          flapping: e.flapping,
          notified: e.notify,
        };
        toInsert.push(row);
        const full = {
          ...row,
          resolvedAt: null,
          acknowledgedAt: null,
          acknowledgedBy: null,
          silencedUntil: null,
          escalationLevel: 0,
          groupId: null,
        } as AlertRow;
        this.open.set(e.alertId, full);
        if (e.notify) this.notices.push({ type: 'alert.triggered', alert: full });
      } else {
        const before = this.open.get(e.alertId);
        this.open.delete(e.alertId);
        const pending = toInsert.find((x) => x.id === e.alertId);
        if (pending) {
          pending.status = 'resolved';
          pending.resolvedAt = this.now;
          continue;
        }
        const updated = await updateAlert(this.tx, e.alertId, {
          status: 'resolved',
          resolvedAt: this.now,
          ...(e.markFlapping ? { flapping: true } : {}),
        });
        if (updated && e.notify && before) this.notices.push({ type: 'alert.resolved', alert: updated });
      }
    }
    await insertAlerts(this.tx, toInsert);
  }

  /**
   * Subjects with state but no reading this time are closed: gone or out of scope (a resolve message when the
   * opening was notified), or their rule was disabled (silently: someone chose so).
   */
  async closeUntouched(enabledRules: ReadonlySet<string>): Promise<void> {
    for (const [key, { ruleId, subjectKey, state }] of [...this.states]) {
      if (this.touched.has(key)) continue;
      const info = (id: string | null) => {
        const a = id ? this.open.get(id) : undefined;
        return a ? { notified: a.notified, silencedUntil: a.silencedUntil?.getTime() ?? null } : undefined;
      };
      const effects = closeAll(state, {
        now: this.now.getTime(),
        active: info(state.activeAlertId),
        flappingAlert: info(state.flappingAlertId),
      });
      for (const e of effects) {
        this.open.delete(e.alertId);
        const updated = await updateAlert(this.tx, e.alertId, { status: 'resolved', resolvedAt: this.now });
        if (updated && e.notify && enabledRules.has(ruleId)) this.notices.push({ type: 'alert.resolved', alert: updated });
      }
      await deleteState(this.tx, ruleId, subjectKey);
      this.states.delete(key);
    }
  }

  /** Escalation of notified, unacknowledged alerts (not while a maintenance window covers their host). */
  async escalate(): Promise<void> {
    for (const a of this.open.values()) {
      if (a.status !== 'active' || (a.hostId && this.cover.covers(a.hostId, this.now))) continue;
      const level = escalationDue(
        {
          startedAt: a.startedAt.getTime(),
          escalationLevel: a.escalationLevel,
          acknowledged: a.acknowledgedAt !== null,
          silencedUntil: a.silencedUntil?.getTime() ?? null,
          notified: a.notified,
        },
        this.now.getTime(),
      );
      if (level === null) continue;
      const updated = await updateAlert(this.tx, a.id, { escalationLevel: level });
      if (updated) this.notices.push({ type: 'alert.escalated', alert: updated, level });
    }
  }
}
