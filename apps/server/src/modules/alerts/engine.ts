import type { AlertSeverity } from '@proxai/contract';

/**
 * The alert engine (DESIGN.md §13): a pure state machine per (rule, subject), given the time (`now`, epoch ms)
 * and new ids by its caller, so every time-bound behaviour is tested without waiting. The evaluator feeds it one
 * reading per evaluation and persists what it answers (alert_states, alerts, events).
 *
 * - Hysteresis: a reading is 'high' (past the trigger), 'low' (past the clear threshold, on the safe side) or
 *   'between'; an open alert closes only on 'low', so a value oscillating around the trigger opens ONE alert.
 * - Duration: the condition must stay 'high' for the rule's duration before the alert opens ('pending' until then;
 *   anything but 'high' meanwhile starts it over).
 * - Cooldown and hourly cap: an alert that opens within the cooldown after the last notification of this rule and
 *   subject, or past `maxPerHour` notifications in the last hour, is recorded but not notified (nor, then, its
 *   escalations and resolve).
 * - Flapping: the 5th open/close change within 5 minutes opens one 'flapping' alert instead (the open alert is
 *   closed silently); while it is open the subject's changes make no alert and no message. Once no change happened
 *   for 5 minutes it resolves, and a normal alert opens if the condition still holds.
 * - Suppression (a maintenance window covers the subject's host): nothing opens, pending durations start over;
 *   an open alert may still close.
 */

export const FLAP_WINDOW_MS = 5 * 60_000;
export const FLAP_CHANGES = 5;
const HOUR_MS = 60 * 60_000;
/** Minutes active and unacknowledged after which an alert escalates to level 1, 2, 3. */
export const ESCALATION_MINUTES = [15, 30, 60] as const;

export type Level = 'high' | 'low' | 'between' | 'unknown';

export interface Reading {
  level: Level;
  /** The figure shown in the alert (percent, seconds, intervals), null when the reading has none. */
  value: number | null;
  /** When the condition began, when known better than "now" (a host unreachable since its first failed poll). */
  since?: number;
}

export interface EngineRule {
  durationSeconds: number;
  cooldownSeconds: number;
  maxPerHour: number;
}

export interface SubjectState {
  condition: 'ok' | 'pending' | 'firing';
  pendingSince: number | null;
  activeAlertId: string | null;
  flappingAlertId: string | null;
  /** Open/close changes within the flapping window (epoch ms). */
  changes: number[];
  /** Notifications of new alerts within the last hour (epoch ms). */
  notifications: number[];
}

export const initialState = (): SubjectState => ({
  condition: 'ok',
  pendingSince: null,
  activeAlertId: null,
  flappingAlertId: null,
  changes: [],
  notifications: [],
});

/** What the caller knows of an open alert (its row). */
export interface OpenAlertInfo {
  notified: boolean;
  silencedUntil: number | null;
}

export type Effect =
  | { type: 'open'; alertId: string; flapping: boolean; notify: boolean }
  | { type: 'resolve'; alertId: string; notify: boolean; markFlapping: boolean };

export interface StepContext {
  now: number;
  /** A maintenance window covers the subject's host. */
  suppressed: boolean;
  active?: OpenAlertInfo;
  flappingAlert?: OpenAlertInfo;
  newId: () => string;
}

export function step(
  rule: EngineRule,
  prev: SubjectState,
  reading: Reading,
  ctx: StepContext,
): { state: SubjectState; effects: Effect[] } {
  const { now } = ctx;
  const s: SubjectState = {
    ...prev,
    changes: prev.changes.filter((t) => t > now - FLAP_WINDOW_MS),
    notifications: prev.notifications.filter((t) => t > now - HOUR_MS),
  };
  const effects: Effect[] = [];

  const underCap = () => s.notifications.length < rule.maxPerHour;
  const cooledDown = () => {
    const last = s.notifications.at(-1);
    return last === undefined || now - last >= rule.cooldownSeconds * 1000;
  };
  const claimNotification = (ignoreCooldown: boolean) => {
    if (!underCap() || (!ignoreCooldown && !cooledDown())) return false;
    s.notifications.push(now);
    return true;
  };
  const resolveNotify = (info: OpenAlertInfo | undefined) =>
    Boolean(info?.notified) && !(info?.silencedUntil != null && info.silencedUntil > now);

  const openAlert = () => {
    const alertId = ctx.newId();
    s.activeAlertId = alertId;
    effects.push({ type: 'open', alertId, flapping: false, notify: claimNotification(false) });
  };
  const startFlapping = () => {
    if (s.activeAlertId) {
      effects.push({ type: 'resolve', alertId: s.activeAlertId, notify: false, markFlapping: true });
      s.activeAlertId = null;
    }
    const alertId = ctx.newId();
    s.flappingAlertId = alertId;
    // One message saying it flaps, even within the cooldown of the last one (which it replaces); the cap holds.
    effects.push({ type: 'open', alertId, flapping: true, notify: claimNotification(true) });
  };
  const fire = () => {
    s.condition = 'firing';
    s.pendingSince = null;
    s.changes.push(now);
    if (s.flappingAlertId) return;
    if (s.changes.length >= FLAP_CHANGES) startFlapping();
    else openAlert();
  };
  const clear = () => {
    s.condition = 'ok';
    s.pendingSince = null;
    s.changes.push(now);
    if (s.activeAlertId) {
      effects.push({ type: 'resolve', alertId: s.activeAlertId, notify: resolveNotify(ctx.active), markFlapping: false });
      s.activeAlertId = null;
    }
    if (!s.flappingAlertId && s.changes.length >= FLAP_CHANGES) startFlapping();
  };

  switch (reading.level) {
    case 'unknown':
      break;
    case 'high':
      if (s.condition === 'firing') break;
      if (ctx.suppressed) {
        s.condition = 'ok';
        s.pendingSince = null;
        break;
      }
      {
        const since = s.condition === 'pending' && s.pendingSince !== null ? s.pendingSince : Math.min(reading.since ?? now, now);
        if (now - since >= rule.durationSeconds * 1000) fire();
        else {
          s.condition = 'pending';
          s.pendingSince = since;
        }
      }
      break;
    case 'low':
      if (s.condition === 'firing') clear();
      else {
        s.condition = 'ok';
        s.pendingSince = null;
      }
      break;
    case 'between':
      // Below the trigger before the duration ran out: start over. An open alert stays open (hysteresis).
      if (s.condition === 'pending') {
        s.condition = 'ok';
        s.pendingSince = null;
      }
      break;
  }

  // Calm again: no change for a whole flapping window.
  if (s.flappingAlertId && s.changes.length === 0) {
    effects.push({ type: 'resolve', alertId: s.flappingAlertId, notify: resolveNotify(ctx.flappingAlert), markFlapping: false });
    s.flappingAlertId = null;
    if (s.condition === 'firing' && !s.activeAlertId && !ctx.suppressed) openAlert();
  }
  return { state: s, effects };
}

/** Closes whatever is open for a subject that is gone (guest deleted, rule out of scope, rule deleted). */
export function closeAll(prev: SubjectState, ctx: Pick<StepContext, 'now' | 'active' | 'flappingAlert'>): Effect[] {
  const notify = (info: OpenAlertInfo | undefined) =>
    Boolean(info?.notified) && !(info?.silencedUntil != null && info.silencedUntil > ctx.now);
  const effects: Effect[] = [];
  if (prev.activeAlertId)
    effects.push({ type: 'resolve', alertId: prev.activeAlertId, notify: notify(ctx.active), markFlapping: false });
  if (prev.flappingAlertId)
    effects.push({ type: 'resolve', alertId: prev.flappingAlertId, notify: notify(ctx.flappingAlert), markFlapping: false });
  return effects;
}

export interface EscalationInput {
  startedAt: number;
  escalationLevel: number;
  acknowledged: boolean;
  silencedUntil: number | null;
  notified: boolean;
}

/**
 * The level an active alert has reached and not yet announced (1, 2, 3 after 15, 30, 60 minutes unacknowledged),
 * or null. An alert never notified, acknowledged or silenced does not escalate; after a long pause (the portal was
 * down) only the highest level reached is announced.
 */
export function escalationDue(a: EscalationInput, now: number): number | null {
  if (!a.notified || a.acknowledged || (a.silencedUntil !== null && a.silencedUntil > now)) return null;
  const minutes = (now - a.startedAt) / 60_000;
  const level = ESCALATION_MINUTES.filter((m) => minutes >= m).length;
  return level > a.escalationLevel ? level : null;
}

const SEVERITY_RANK: Record<AlertSeverity, number> = { critical: 0, warning: 1, info: 2 };

export interface Groupable {
  alertId: string;
  hostId: string | null;
  severity: AlertSeverity;
  startedAt: number;
}

/**
 * Grouping per host: the notices of one kind (opened, resolved, escalated) of one evaluation, by host; each group's
 * leader is its most severe notice, then the oldest. A notice without a host stands alone.
 */
export function groupByHost<T extends Groupable>(notices: readonly T[]): { leader: T; members: T[] }[] {
  const byHost = new Map<string, T[]>();
  const groups: { leader: T; members: T[] }[] = [];
  for (const n of notices) {
    if (!n.hostId) {
      groups.push({ leader: n, members: [n] });
      continue;
    }
    const list = byHost.get(n.hostId) ?? [];
    list.push(n);
    byHost.set(n.hostId, list);
  }
  for (const list of byHost.values()) {
    const members = [...list].sort(
      (a, b) =>
        SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.startedAt - b.startedAt || a.alertId.localeCompare(b.alertId),
    );
    groups.push({ leader: members[0]!, members });
  }
  return groups;
}
