import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPolicySnapshotName,
  policySnapshotName,
  policySnapshotTime,
  selectSnapshotsToPrune,
  type PruneRules,
} from './snapshot-prune';

const rules = (r: Partial<PruneRules>): PruneRules => ({
  prefix: 'auto',
  keep_last: 0,
  keep_hourly: 0,
  keep_daily: 0,
  keep_weekly: 0,
  ...r,
});
/** 'auto-…' for an ISO time ('2024-03-05T10:30:00Z'). */
const snap = (iso: string, prefix = 'auto') => ({ name: policySnapshotName(prefix, new Date(iso)) });
const names = (...isos: string[]) => isos.map((iso) => snap(iso));
const kept = (list: { name: string }[], r: PruneRules) => {
  const pruned = new Set(selectSnapshotsToPrune(list, r));
  return list.map((s) => s.name).filter((n) => !pruned.has(n));
};

describe('policy snapshot names', () => {
  it('are the prefix, a dash and the UTC time on 14 digits', () => {
    expect(policySnapshotName('auto', new Date('2024-03-05T07:08:09.999Z'))).toBe('auto-20240305070809');
    expect(policySnapshotName('nightly_db', new Date('2025-12-31T23:59:59Z'))).toBe('nightly_db-20251231235959');
    expect(policySnapshotTime('auto-20240305070809', 'auto')).toEqual(new Date('2024-03-05T07:08:09Z'));
  });

  it('only a real date and time with exactly the prefix is a policy name', () => {
    for (const name of [
      'auto-2024030507080',
      'auto-202403050708090',
      'auto-20241305070809', // month 13
      'auto-20240230070809', // 30 February
      'auto-20240305250809', // 25 o'clock
      'auto-20240305076009',
      'auto-20240305070809x',
      'Auto-20240305070809',
      'autox-20240305070809',
      'auto_x-20240305070809',
      'xauto-20240305070809',
      'auto--20240305070809',
      'auto-2024-03-05T07:08:09',
      'before-upgrade',
      'current',
    ]) {
      expect(policySnapshotTime(name, 'auto'), name).toBeUndefined();
    }
    expect(policySnapshotTime('auto-20240229120000', 'auto')).toEqual(new Date('2024-02-29T12:00:00Z'));
  });

  it('isPolicySnapshotName recognises any policy prefix', () => {
    expect(isPolicySnapshotName('auto-20240305070809')).toBe(true);
    expect(isPolicySnapshotName('Hourly_2-20240305070809')).toBe(true);
    expect(isPolicySnapshotName('abcdefghijklmnopqrst-20240305070809')).toBe(true);
    expect(isPolicySnapshotName('abcdefghijklmnopqrstu-20240305070809')).toBe(false);
    expect(isPolicySnapshotName('before-upgrade')).toBe(false);
    expect(isPolicySnapshotName('1auto-20240305070809')).toBe(false);
    expect(isPolicySnapshotName('auto-2024030507080')).toBe(false);
  });
});

describe('selectSnapshotsToPrune', () => {
  it('keep-last keeps the N newest, in any input order', () => {
    const list = names(
      '2024-03-01T00:00:00Z',
      '2024-03-05T00:00:00Z',
      '2024-03-03T00:00:00Z',
      '2024-03-02T00:00:00Z',
      '2024-03-04T00:00:00Z',
    );
    expect(selectSnapshotsToPrune(list, rules({ keep_last: 3 }))).toEqual(['auto-20240302000000', 'auto-20240301000000']);
    expect(selectSnapshotsToPrune(list, rules({ keep_last: 5 }))).toEqual([]);
    expect(selectSnapshotsToPrune(list, rules({ keep_last: 50 }))).toEqual([]);
    expect(selectSnapshotsToPrune([], rules({ keep_last: 1 }))).toEqual([]);
  });

  it('never selects a snapshot that is not exactly one of the policy names', () => {
    const foreign = [
      { name: 'before-upgrade' },
      { name: 'other-20240301000000' },
      { name: 'auto_2-20240301000000' },
      { name: 'Auto-20240301000000' },
      { name: 'auto-20241301000000' },
      { name: 'auto-2024' },
      { name: 'auto-20240301000000-copy' },
      { name: 'current' },
    ];
    const own = names('2024-03-01T00:00:00Z', '2024-03-02T00:00:00Z');
    const pruned = selectSnapshotsToPrune([...foreign, ...own], rules({ keep_last: 1 }));
    expect(pruned).toEqual(['auto-20240301000000']);
    // Only foreign snapshots: nothing, whatever the rules.
    expect(selectSnapshotsToPrune(foreign, rules({ keep_last: 1 }))).toEqual([]);
    expect(selectSnapshotsToPrune(foreign, rules({ prefix: 'other', keep_hourly: 1 }))).toEqual([]);
  });

  it('keeps everything when no rule keeps anything (as proxmox-backup does)', () => {
    expect(selectSnapshotsToPrune(names('2024-03-01T00:00:00Z', '2024-03-02T00:00:00Z'), rules({}))).toEqual([]);
  });

  it('keep-hourly keeps the newest of each of the N most recent hours that have one', () => {
    const list = names(
      '2024-03-05T10:45:00Z',
      '2024-03-05T10:15:00Z',
      '2024-03-05T09:50:00Z',
      '2024-03-05T09:10:00Z',
      '2024-03-05T06:00:00Z', // hours 07 and 08 have none: not counted
      '2024-03-04T23:59:59Z',
    );
    expect(kept(list, rules({ keep_hourly: 3 }))).toEqual(['auto-20240305104500', 'auto-20240305095000', 'auto-20240305060000']);
  });

  it('keep-daily and keep-weekly pick the newest of each day and ISO week', () => {
    const list = names(
      '2024-03-06T08:00:00Z', // Wednesday, week 10
      '2024-03-06T02:00:00Z',
      '2024-03-05T20:00:00Z',
      '2024-03-04T20:00:00Z', // Monday, week 10
      '2024-03-03T20:00:00Z', // Sunday, week 9
      '2024-03-01T20:00:00Z', // week 9
      '2024-02-25T10:00:00Z', // week 8
      '2024-02-19T10:00:00Z', // week 8
      '2024-02-12T10:00:00Z', // week 7
    );
    expect(kept(list, rules({ keep_daily: 2 }))).toEqual(['auto-20240306080000', 'auto-20240305200000']);
    expect(kept(list, rules({ keep_weekly: 3 }))).toEqual(['auto-20240306080000', 'auto-20240303200000', 'auto-20240225100000']);
  });

  it("weeks are ISO weeks: a year's last days can be next year's week 1, and a year can have a week 53", () => {
    // 2024-12-30 (Monday) is 2025-W01, as is 2025-01-02; 2024-12-29 (Sunday) is 2024-W52.
    const turn = names('2025-01-02T00:00:00Z', '2024-12-30T00:00:00Z', '2024-12-29T00:00:00Z');
    expect(kept(turn, rules({ keep_weekly: 2 }))).toEqual(['auto-20250102000000', 'auto-20241229000000']);
    // 2021-01-03 (Sunday) is 2020-W53, with 2020-12-28; 2021-01-04 starts 2021-W01.
    const w53 = names('2021-01-04T00:00:00Z', '2021-01-03T00:00:00Z', '2020-12-28T00:00:00Z', '2020-12-27T00:00:00Z');
    expect(kept(w53, rules({ keep_weekly: 3 }))).toEqual(['auto-20210104000000', 'auto-20210103000000', 'auto-20201227000000']);
  });

  it('a rule does not count periods an earlier rule kept a snapshot in, and a period keeps only its newest', () => {
    // proxmox-backup's order: last, hourly, daily, weekly. Every 30 min on 5 March, once on the 4th and 3rd.
    const list = names(
      '2024-03-05T10:30:00Z',
      '2024-03-05T10:00:00Z',
      '2024-03-05T09:30:00Z',
      '2024-03-05T09:00:00Z',
      '2024-03-04T23:00:00Z',
      '2024-03-04T12:00:00Z',
      '2024-03-03T12:00:00Z',
      '2024-03-02T12:00:00Z',
    );
    // last 1: 10:30. hourly 2: hour 10 is covered, so 09:30 (09:00 is an older one of a kept hour: removed) and
    // 4 March 23:00. daily 2: 5 and 4 March are covered (10:00 and 4 March 12:00 stay unkept), so the 3rd and 2nd.
    expect(kept(list, rules({ keep_last: 1, keep_hourly: 2, keep_daily: 2 }))).toEqual([
      'auto-20240305103000',
      'auto-20240305093000',
      'auto-20240304230000',
      'auto-20240303120000',
      'auto-20240302120000',
    ]);
    // An older snapshot of an hour keep-hourly covered is removed even though keep-daily would want its day.
    const sameHour = names('2024-03-05T10:30:00Z', '2024-03-05T10:00:00Z', '2024-03-04T10:30:00Z', '2024-03-04T10:00:00Z');
    expect(kept(sameHour, rules({ keep_hourly: 2, keep_daily: 5 }))).toEqual(['auto-20240305103000', 'auto-20240304103000']);
  });

  it('only keeps the prefix given: two policies on one guest never prune each other', () => {
    const list = [
      ...names('2024-03-01T00:00:00Z', '2024-03-02T00:00:00Z'),
      snap('2024-03-01T00:00:00Z', 'hourly'),
      snap('2024-03-02T00:00:00Z', 'hourly'),
    ];
    expect(selectSnapshotsToPrune(list, rules({ keep_last: 1 }))).toEqual(['auto-20240301000000']);
    expect(selectSnapshotsToPrune(list, rules({ prefix: 'hourly', keep_last: 1 }))).toEqual(['hourly-20240301000000']);
  });

  // Any list of policy and foreign snapshots, any rules.
  const instant = fc
    .integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2030, 0, 1) / 1000 })
    .map((s) => new Date(s * 1000));
  const listArb = fc.tuple(
    fc.uniqueArray(instant, { selector: (d) => d.getTime(), maxLength: 60 }),
    fc.array(fc.constantFrom('before-upgrade', 'other-20240301000000', 'auto-2024', 'manual_1', 'autox-20240101000000'), {
      maxLength: 5,
    }),
  );
  const rulesArb = fc.record({
    prefix: fc.constant('auto'),
    keep_last: fc.integer({ min: 0, max: 8 }),
    keep_hourly: fc.integer({ min: 0, max: 8 }),
    keep_daily: fc.integer({ min: 0, max: 8 }),
    keep_weekly: fc.integer({ min: 0, max: 8 }),
  });

  it('properties: only own snapshots, the newest survives, at most the sum of the rules is kept, keep-last alone keeps exactly N', () => {
    fc.assert(
      fc.property(listArb, rulesArb, ([times, foreign], r) => {
        const own = times.map((at) => policySnapshotName('auto', at));
        const list = [...own, ...foreign].map((name) => ({ name }));
        const pruned = selectSnapshotsToPrune(list, r);
        const ownSet = new Set(own);
        expect(pruned.every((n) => ownSet.has(n))).toBe(true);
        expect(new Set(pruned).size).toBe(pruned.length);
        const sum = r.keep_last + r.keep_hourly + r.keep_daily + r.keep_weekly;
        if (sum === 0) {
          expect(pruned).toEqual([]);
          return;
        }
        const survivors = own.filter((n) => !pruned.includes(n));
        expect(survivors.length).toBeLessThanOrEqual(sum);
        if (own.length > 0) {
          const newest = [...own].sort().at(-1)!;
          expect(survivors).toContain(newest);
        }
        const lastOnly = selectSnapshotsToPrune(list, {
          ...r,
          keep_hourly: 0,
          keep_daily: 0,
          keep_weekly: 0,
          keep_last: r.keep_last || 1,
        });
        const n = r.keep_last || 1;
        expect(own.filter((x) => !lastOnly.includes(x)).sort()).toEqual([...own].sort().slice(-n).reverse().sort());
      }),
      { numRuns: 300 },
    );
  });

  it('property: keep-daily alone keeps the newest snapshot of each of the N most recent days', () => {
    fc.assert(
      fc.property(listArb, fc.integer({ min: 1, max: 10 }), ([times], n) => {
        const list = times.map((at) => ({ name: policySnapshotName('auto', at) }));
        const byDay = new Map<string, string>();
        for (const s of [...list].sort((a, b) => (a.name < b.name ? 1 : -1))) {
          const day = s.name.slice(5, 13);
          if (!byDay.has(day)) byDay.set(day, s.name);
        }
        const expected = [...byDay.values()].slice(0, n).sort();
        expect(kept(list, rules({ keep_daily: n })).sort()).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
