import { describe, expect, it } from 'vitest';
import {
  closeAll,
  escalationDue,
  groupByHost,
  initialState,
  step,
  type Effect,
  type EngineRule,
  type Level,
  type OpenAlertInfo,
  type SubjectState,
} from './engine';
import { levelOf } from './rules';

const S = 1000;
const MIN = 60 * S;
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);

/**
 * Drives one (rule, subject) through readings at given times, like the evaluator does: keeps the state, the open
 * alerts' rows (notified, silenced) and every effect, with ids 'a1', 'a2'…
 */
function harness(rule: EngineRule, options: { suppressed?: (t: number) => boolean } = {}) {
  let state: SubjectState = initialState();
  let n = 0;
  const rows = new Map<string, OpenAlertInfo & { flapping: boolean; open: boolean }>();
  const all: (Effect & { at: number })[] = [];
  const feed = (at: number, level: Level, value: number | null = null, since?: number) => {
    const out = step(
      rule,
      state,
      { level, value, since },
      {
        now: at,
        suppressed: options.suppressed?.(at) ?? false,
        active: state.activeAlertId ? rows.get(state.activeAlertId) : undefined,
        flappingAlert: state.flappingAlertId ? rows.get(state.flappingAlertId) : undefined,
        newId: () => `a${++n}`,
      },
    );
    for (const e of out.effects) {
      if (e.type === 'open') rows.set(e.alertId, { notified: e.notify, silencedUntil: null, flapping: e.flapping, open: true });
      else rows.get(e.alertId)!.open = false;
      all.push({ ...e, at });
    }
    state = out.state;
    return out.effects;
  };
  return {
    feed,
    get state() {
      return state;
    },
    rows,
    effects: all,
    notifications: () => all.filter((e) => e.notify),
    triggered: () => all.filter((e) => e.type === 'open' && e.notify),
  };
}

const cpuRule = { kind: 'cpu' as const, trigger: 80, clear: 75 };
const percent = (v: number) => levelOf(cpuRule, v);

describe('alert engine', () => {
  it('sends ONE notification for a value oscillating 79–81 around trigger 80 / clear 75', () => {
    const h = harness({ durationSeconds: 0, cooldownSeconds: 0, maxPerHour: 100 });
    for (let i = 0; i < 120; i++) {
      const v = i % 2 === 0 ? 81 : 79;
      h.feed(T0 + i * 20 * S, percent(v), v);
    }
    expect(h.triggered()).toHaveLength(1);
    expect(h.effects).toHaveLength(1);
    expect(h.state.condition).toBe('firing');
    // Down to the clear threshold: it resolves, once, with a message (its trigger was notified).
    h.feed(T0 + 121 * 20 * S, percent(75), 75);
    expect(h.effects.at(-1)).toMatchObject({ type: 'resolve', alertId: 'a1', notify: true });
  });

  it('opens only after the value stayed past the trigger for the whole duration', () => {
    const h = harness({ durationSeconds: 300, cooldownSeconds: 0, maxPerHour: 10 });
    h.feed(T0, percent(95), 95);
    h.feed(T0 + 4 * MIN, percent(95), 95);
    expect(h.effects).toHaveLength(0);
    expect(h.state).toMatchObject({ condition: 'pending', pendingSince: T0 });
    // A dip below the trigger (not even to clear) starts the duration over.
    h.feed(T0 + 4 * MIN + 30 * S, percent(78), 78);
    h.feed(T0 + 5 * MIN, percent(95), 95);
    h.feed(T0 + 9 * MIN + 50 * S, percent(95), 95);
    expect(h.effects).toHaveLength(0);
    h.feed(T0 + 10 * MIN, percent(95), 95);
    expect(h.effects).toEqual([{ type: 'open', alertId: 'a1', flapping: false, notify: true, at: T0 + 10 * MIN }]);
  });

  it('counts the duration from when the condition began, when the reading knows it (host offline)', () => {
    const h = harness({ durationSeconds: 120, cooldownSeconds: 0, maxPerHour: 10 });
    h.feed(T0 + 60 * S, 'high', 60, T0);
    expect(h.effects).toHaveLength(0);
    h.feed(T0 + 119 * S, 'high', 119, T0);
    expect(h.effects).toHaveLength(0);
    h.feed(T0 + 120 * S, 'high', 120, T0);
    expect(h.triggered()).toHaveLength(1);
  });

  it('records but does not notify an alert opening within the cooldown, nor its resolve', () => {
    const h = harness({ durationSeconds: 0, cooldownSeconds: 600, maxPerHour: 10 });
    h.feed(T0, percent(90), 90);
    h.feed(T0 + 2 * MIN, percent(50), 50);
    h.feed(T0 + 4 * MIN, percent(90), 90);
    h.feed(T0 + 6 * MIN, percent(50), 50);
    expect(h.effects.map((e) => [e.type, e.alertId, e.notify])).toEqual([
      ['open', 'a1', true],
      ['resolve', 'a1', true],
      ['open', 'a2', false],
      ['resolve', 'a2', false],
    ]);
    // Past the cooldown (10 minutes after the last notification), a new alert is notified again.
    h.feed(T0 + 10 * MIN, percent(90), 90);
    expect(h.effects.at(-1)).toMatchObject({ type: 'open', alertId: 'a3', notify: true });
  });

  it('caps notifications per hour, and notifies again once the hour has passed', () => {
    const h = harness({ durationSeconds: 0, cooldownSeconds: 0, maxPerHour: 2 });
    // One open and one close every 5 minutes: slower than flapping (5 changes in 5 minutes).
    for (let i = 0; i < 6; i++) {
      h.feed(T0 + i * 10 * MIN, percent(90), 90);
      h.feed(T0 + i * 10 * MIN + 5 * MIN, percent(50), 50);
    }
    expect(h.effects.filter((e) => e.type === 'open')).toHaveLength(6);
    expect(h.triggered().map((e) => e.at)).toEqual([T0, T0 + 10 * MIN]);
    h.feed(T0 + 61 * MIN, percent(90), 90);
    expect(h.effects.at(-1)).toMatchObject({ type: 'open', notify: true });
  });

  it('turns 5 changes within 5 minutes into one flapping alert, silent until it calms', () => {
    const h = harness({ durationSeconds: 0, cooldownSeconds: 0, maxPerHour: 100 });
    // Open/close every 30 s for 10 minutes.
    for (let i = 0; i < 20; i++) h.feed(T0 + i * 30 * S, i % 2 === 0 ? 'high' : 'low', i % 2 === 0 ? 90 : 10);
    const opens = h.effects.filter((e) => e.type === 'open');
    // Changes 1–4: two alerts opened (and closed); the 5th change (an open) becomes the flapping alert.
    expect(opens.map((e) => [e.alertId, e.flapping, e.notify])).toEqual([
      ['a1', false, true],
      ['a2', false, true],
      ['a3', true, true],
    ]);
    const flapping = 'a3';
    expect(h.rows.get(flapping)?.open).toBe(true);
    // All later changes stay silent; the flapping alert stays open while it flaps.
    expect(h.effects.filter((e) => e.at > T0 + 2 * MIN)).toEqual([]);
    // Calm: the last change was the 20th reading (low, at 9.5 min); 5 minutes later the flapping alert resolves.
    const last = T0 + 19 * 30 * S;
    h.feed(last + 4 * MIN, 'low', 10);
    expect(h.rows.get(flapping)?.open).toBe(true);
    h.feed(last + 5 * MIN + S, 'low', 10);
    expect(h.effects.at(-1)).toMatchObject({ type: 'resolve', alertId: flapping, notify: true });
    expect(h.state.flappingAlertId).toBeNull();
    // Back to normal behaviour afterwards.
    h.feed(last + 6 * MIN, 'high', 90);
    expect(h.effects.at(-1)).toMatchObject({ type: 'open', flapping: false, notify: true });
  });

  it('closes the open alert silently when flapping starts on a close, and opens a normal alert when calm while firing', () => {
    const h = harness({ durationSeconds: 0, cooldownSeconds: 0, maxPerHour: 100 });
    const seq: Level[] = ['high', 'low', 'high', 'low', 'high'];
    seq.forEach((l, i) => h.feed(T0 + i * 20 * S, l));
    // The 5th change opened the flapping alert; a 6th (close) and 7th (open) stay silent.
    h.feed(T0 + 100 * S, 'low');
    h.feed(T0 + 120 * S, 'high');
    expect(h.effects.filter((e) => e.at >= T0 + 100 * S)).toEqual([]);
    // Still high and calm for 5 minutes: the flapping alert resolves and a normal alert opens.
    h.feed(T0 + 120 * S + 5 * MIN + S, 'high');
    const tail = h.effects.slice(-2);
    expect(tail.map((e) => e.type)).toEqual(['resolve', 'open']);
    expect(tail[1]).toMatchObject({ flapping: false });
  });

  it('opens nothing inside a maintenance window and starts durations over after it, but lets alerts close', () => {
    const windowEnd = T0 + 30 * MIN;
    const h = harness({ durationSeconds: 120, cooldownSeconds: 0, maxPerHour: 10 }, { suppressed: (t) => t < windowEnd });
    for (let t = T0; t < windowEnd; t += MIN) h.feed(t, 'high', 100);
    expect(h.effects).toEqual([]);
    h.feed(windowEnd, 'high', 100);
    h.feed(windowEnd + MIN, 'high', 100);
    expect(h.effects).toEqual([]);
    h.feed(windowEnd + 2 * MIN, 'high', 100);
    expect(h.triggered()).toHaveLength(1);

    // An alert open when a window starts may still close in it.
    const h2 = harness({ durationSeconds: 0, cooldownSeconds: 0, maxPerHour: 10 }, { suppressed: (t) => t >= T0 + MIN });
    h2.feed(T0, 'high', 100);
    h2.feed(T0 + 2 * MIN, 'low', 0);
    expect(h2.effects.map((e) => e.type)).toEqual(['open', 'resolve']);
  });

  it('does not announce the resolve of a silenced alert', () => {
    const h = harness({ durationSeconds: 0, cooldownSeconds: 0, maxPerHour: 10 });
    h.feed(T0, 'high', 95);
    h.rows.get('a1')!.silencedUntil = T0 + 60 * MIN;
    h.feed(T0 + 10 * MIN, 'low', 10);
    expect(h.effects.at(-1)).toMatchObject({ type: 'resolve', notify: false });
  });

  it('holds its state on unknown readings (no data)', () => {
    const h = harness({ durationSeconds: 0, cooldownSeconds: 0, maxPerHour: 10 });
    h.feed(T0, 'high', 95);
    h.feed(T0 + MIN, 'unknown', null);
    expect(h.state.condition).toBe('firing');
    expect(h.effects).toHaveLength(1);
  });

  it('closes every open alert of a subject that is gone', () => {
    const effects = closeAll(
      { ...initialState(), condition: 'firing', activeAlertId: 'x' },
      { now: T0, active: { notified: true, silencedUntil: null } },
    );
    expect(effects).toEqual([{ type: 'resolve', alertId: 'x', notify: true, markFlapping: false }]);
  });
});

describe('escalation', () => {
  const base = { startedAt: T0, escalationLevel: 0, acknowledged: false, silencedUntil: null, notified: true };

  it('escalates to 1, 2, 3 after 15, 30 and 60 minutes unacknowledged', () => {
    expect(escalationDue(base, T0 + 14 * MIN)).toBeNull();
    expect(escalationDue(base, T0 + 15 * MIN)).toBe(1);
    expect(escalationDue({ ...base, escalationLevel: 1 }, T0 + 29 * MIN)).toBeNull();
    expect(escalationDue({ ...base, escalationLevel: 1 }, T0 + 30 * MIN)).toBe(2);
    expect(escalationDue({ ...base, escalationLevel: 2 }, T0 + 60 * MIN)).toBe(3);
    expect(escalationDue({ ...base, escalationLevel: 3 }, T0 + 600 * MIN)).toBeNull();
    // After a long pause, only the highest level reached.
    expect(escalationDue(base, T0 + 90 * MIN)).toBe(3);
  });

  it('never escalates an acknowledged, silenced or unnotified alert', () => {
    expect(escalationDue({ ...base, acknowledged: true }, T0 + 20 * MIN)).toBeNull();
    expect(escalationDue({ ...base, silencedUntil: T0 + 25 * MIN }, T0 + 20 * MIN)).toBeNull();
    expect(escalationDue({ ...base, silencedUntil: T0 + 25 * MIN }, T0 + 26 * MIN)).toBe(1);
    expect(escalationDue({ ...base, notified: false }, T0 + 20 * MIN)).toBeNull();
  });
});

describe('grouping per host', () => {
  it('makes one group per host, led by the most severe notice, and leaves host-less notices alone', () => {
    const groups = groupByHost([
      { alertId: 'cpu', hostId: 'h1', severity: 'warning' as const, startedAt: T0 },
      { alertId: 'mem', hostId: 'h1', severity: 'critical' as const, startedAt: T0 + 1 },
      { alertId: 'disk', hostId: 'h2', severity: 'warning' as const, startedAt: T0 },
      { alertId: 'x', hostId: null, severity: 'info' as const, startedAt: T0 },
    ]);
    expect(groups.map((g) => [g.leader.alertId, g.members.map((m) => m.alertId)])).toEqual([
      ['x', ['x']],
      ['mem', ['mem', 'cpu']],
      ['disk', ['disk']],
    ]);
  });
});
