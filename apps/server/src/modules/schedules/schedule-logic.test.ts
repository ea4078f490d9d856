import { describe, expect, it } from 'vitest';
import {
  cronOf,
  dueOccurrence,
  estimateMinutes,
  isKnownTimeZone,
  latestOccurrence,
  occurrencesBetween,
  parseCron,
  planConflicts,
  type PlannedRun,
} from './schedule-logic';

const iso = (d: Date | undefined) => d?.toISOString();

describe('cron expressions and time zones', () => {
  it('accepts IANA names and UTC, refuses unknown names, offsets and abbreviations', () => {
    for (const tz of ['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Asia/Calcutta', 'Etc/GMT+5']) {
      expect(isKnownTimeZone(tz), tz).toBe(true);
    }
    for (const tz of ['Mars/Olympus', 'Europe/Pariss', '+02:00', 'CET2', 'paris', '', 'Europe/../etc']) {
      expect(isKnownTimeZone(tz), tz).toBe(false);
    }
  });

  it('takes exactly five fields, says why a pattern is refused and refuses one that never occurs', () => {
    expect(parseCron('0 3 * * 1-5', 'Europe/Paris').ok).toBe(true);
    expect(parseCron('*/15 * * * *', 'UTC').ok).toBe(true);
    expect(parseCron('0 0 3 * * *', 'UTC')).toEqual({ ok: false, problem: 'fields' });
    expect(parseCron('0 3 * *', 'UTC')).toEqual({ ok: false, problem: 'fields' });
    expect(parseCron('@daily', 'UTC')).toEqual({ ok: false, problem: 'fields' });
    expect(parseCron('61 3 * * *', 'UTC')).toMatchObject({
      ok: false,
      problem: 'invalid',
      reason: expect.stringContaining('minute'),
    });
    expect(parseCron('0 3 * * xyz', 'UTC')).toMatchObject({ ok: false, problem: 'invalid' });
    expect(parseCron('0 0 31 2 *', 'UTC')).toEqual({ ok: false, problem: 'never' });
    expect(parseCron('0 3 ? * *', 'UTC')).toMatchObject({
      ok: false,
      problem: 'invalid',
      reason: expect.stringContaining("'?'"),
    });
    // Extensions that mean the same whenever they are read are kept: last day, nth weekday, nearest weekday.
    for (const extended of ['0 0 L * *', '0 0 * * 5#3', '0 0 1W * *']) expect(parseCron(extended, 'UTC').ok, extended).toBe(true);
  });

  it('enumerates occurrences in its time zone, through DST changes', () => {
    const daily = cronOf('30 2 * * *', 'Europe/Paris');
    const runs = occurrencesBetween(daily, new Date('2026-03-28T00:00:00Z'), new Date('2026-03-31T00:00:00Z'), 10);
    // On 2026-03-29, 02:30 does not exist in Paris: the run happens at 03:00 CEST.
    expect(runs.map(iso)).toEqual(['2026-03-28T01:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z']);
    const minutely = cronOf('* * * * *', 'UTC');
    expect(occurrencesBetween(minutely, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T01:00:00Z'), 5)).toHaveLength(5);
    // [from, to): an occurrence at `from` counts, one at `to` does not.
    expect(occurrencesBetween(minutely, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:03:00Z'), 10).map(iso)).toEqual(
      ['2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z', '2026-01-01T00:02:00.000Z'],
    );
    expect(iso(latestOccurrence(minutely, new Date('2026-01-01T00:02:00Z')))).toBe('2026-01-01T00:02:00.000Z');
    expect(iso(latestOccurrence(minutely, new Date('2026-01-01T00:02:59.999Z')))).toBe('2026-01-01T00:02:00.000Z');
  });
});

describe('estimates', () => {
  it('uses the default of its kind without history: snapshots 2 min per 10 guests, actions 1 min per 20', () => {
    expect(estimateMinutes('snapshot', 0, [])).toBe(2);
    expect(estimateMinutes('snapshot', 10, [])).toBe(2);
    expect(estimateMinutes('snapshot', 11, [])).toBe(4);
    expect(estimateMinutes('snapshot', 225, [])).toBe(46);
    expect(estimateMinutes('guest_action', 1, [])).toBe(1);
    expect(estimateMinutes('guest_action', 41, [])).toBe(3);
  });

  it('uses the median of its last runs, rounded up to whole minutes', () => {
    const min = 60_000;
    expect(estimateMinutes('snapshot', 500, [45 * min])).toBe(45);
    expect(estimateMinutes('snapshot', 500, [10 * min, 45 * min, 44 * min])).toBe(44);
    expect(estimateMinutes('guest_action', 1, [10 * min, 20 * min])).toBe(15);
    expect(estimateMinutes('guest_action', 1, [1000])).toBe(1);
  });
});

describe('planner conflicts', () => {
  const run = (over: Partial<PlannedRun>): PlannedRun => ({
    scheduleId: 's1',
    scheduleName: 'one',
    kind: 'snapshot',
    start: 0,
    end: 10,
    hostIds: ['h1'],
    ...over,
  });

  it('pairs I/O-heavy runs that overlap in time on a shared host, both ways', () => {
    const runs = [
      run({}),
      run({ scheduleId: 's2', scheduleName: 'two', start: 5, end: 15, hostIds: ['h2', 'h1'] }),
      // Touching is not overlapping.
      run({ scheduleId: 's3', scheduleName: 'three', start: 15, end: 20, hostIds: ['h1'] }),
      // Another host only.
      run({ scheduleId: 's4', scheduleName: 'four', start: 0, end: 30, hostIds: ['h3'] }),
      // Not I/O-heavy.
      run({ scheduleId: 's5', scheduleName: 'five', kind: 'guest_action', start: 0, end: 30, hostIds: ['h1'] }),
    ];
    const conflicts = planConflicts(runs);
    expect(conflicts[0]).toEqual([
      { schedule_id: 's2', schedule_name: 'two', at: new Date(5).toISOString(), host_id: 'h1', storage: null },
    ]);
    expect(conflicts[1]).toEqual([
      { schedule_id: 's1', schedule_name: 'one', at: new Date(0).toISOString(), host_id: 'h1', storage: null },
    ]);
    expect(conflicts.slice(2)).toEqual([[], [], []]);
  });

  it('pairs I/O-heavy runs on different hosts that share a storage, naming it; a host in common comes first', () => {
    const shared = new Map([
      ['h1', new Set(['ceph'])],
      ['h2', new Set(['ceph', 'nfs'])],
      ['h3', new Set(['nfs'])],
      ['h4', new Set<string>()],
    ]);
    const runs = [
      run({ hostIds: ['h1'] }),
      run({ scheduleId: 's2', scheduleName: 'two', start: 5, end: 15, hostIds: ['h2'] }),
      // No shared storage with h1's run; shares nfs with h2's.
      run({ scheduleId: 's3', scheduleName: 'three', start: 6, end: 12, hostIds: ['h3'] }),
      run({ scheduleId: 's4', scheduleName: 'four', start: 0, end: 30, hostIds: ['h4'] }),
    ];
    const conflicts = planConflicts(runs, shared);
    expect(conflicts[0]).toEqual([
      { schedule_id: 's2', schedule_name: 'two', at: new Date(5).toISOString(), host_id: null, storage: 'ceph' },
    ]);
    expect(conflicts[2]).toEqual([
      { schedule_id: 's2', schedule_name: 'two', at: new Date(5).toISOString(), host_id: null, storage: 'nfs' },
    ]);
    expect(conflicts[3]).toEqual([]);
  });

  it('bounds the conflicts listed per occurrence', () => {
    const runs = Array.from({ length: 50 }, (_, i) => run({ scheduleId: `s${i}`, start: i, end: 1000 }));
    expect(planConflicts(runs).every((list) => list.length === 20)).toBe(true);
  });
});

describe('due occurrences', () => {
  const GRACE = 60_000;
  const created = new Date('2026-11-20T12:00:00Z');
  const hourly = { cron: '0 * * * *', timezone: 'UTC', lastOccurrenceAt: null, createdAt: created, updatedAt: created };
  const t = (s: string) => new Date(s);

  it('is the newest occurrence not handled yet, on time within the grace, else missed', () => {
    expect(dueOccurrence(hourly, t('2026-11-20T12:59:59Z'), GRACE)).toBeUndefined();
    expect(dueOccurrence(hourly, t('2026-11-20T13:00:05Z'), GRACE)).toEqual({ at: t('2026-11-20T13:00:00Z'), missed: false });
    const handled = { ...hourly, lastOccurrenceAt: t('2026-11-20T13:00:00Z') };
    expect(dueOccurrence(handled, t('2026-11-20T13:30:00Z'), GRACE)).toBeUndefined();
    // Down from 13:30 to 17:20: 14:00…17:00 were missed; only the newest is offered, as missed.
    expect(dueOccurrence(handled, t('2026-11-20T17:20:00Z'), GRACE)).toEqual({ at: t('2026-11-20T17:00:00Z'), missed: true });
  });

  it('does not bring back occurrences from before the schedule was created or changed', () => {
    const justCreated = { ...hourly, createdAt: t('2026-11-20T13:00:01Z'), updatedAt: t('2026-11-20T13:00:01Z') };
    expect(dueOccurrence(justCreated, t('2026-11-20T13:00:05Z'), GRACE)).toBeUndefined();
    // Re-enabled at 17:20 after days disabled: nothing from before.
    const reenabled = { ...hourly, lastOccurrenceAt: t('2026-11-18T09:00:00Z'), updatedAt: t('2026-11-20T17:20:00Z') };
    expect(dueOccurrence(reenabled, t('2026-11-20T17:20:05Z'), GRACE)).toBeUndefined();
    expect(dueOccurrence(reenabled, t('2026-11-20T18:00:02Z'), GRACE)).toEqual({ at: t('2026-11-20T18:00:00Z'), missed: false });
    // Renamed two seconds after 13:00, before a tick handled 13:00: 13:00 still runs.
    const renamed = { ...hourly, lastOccurrenceAt: t('2026-11-20T12:00:00Z'), updatedAt: t('2026-11-20T13:00:02Z') };
    expect(dueOccurrence(renamed, t('2026-11-20T13:00:04Z'), GRACE)).toEqual({ at: t('2026-11-20T13:00:00Z'), missed: false });
  });
});
