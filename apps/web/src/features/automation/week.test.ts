// @vitest-environment node
import type { PlanOccurrence } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { zonedParts, zonedTime } from './time-zones';
import { laneHosts, NO_HOST, planBlocks, weekOf } from './week';
import { buildOccurrence } from './testing/build-automation';

const HOST_A = '00000000-0000-4000-8000-00000000000a';
const HOST_B = '00000000-0000-4000-8000-00000000000b';

describe('zonedTime', () => {
  it('is the instant the zone shows that wall-clock time, across daylight saving changes', () => {
    expect(zonedTime('Europe/Paris', 2026, 1, 12, 2, 0).toISOString()).toBe('2026-01-12T01:00:00.000Z');
    expect(zonedTime('Europe/Paris', 2026, 7, 12, 2, 0).toISOString()).toBe('2026-07-12T00:00:00.000Z');
    expect(zonedTime('America/New_York', 2026, 3, 8, 12, 0).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    // Day 32 of January is 1 February.
    expect(zonedTime('UTC', 2026, 1, 32).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('weekOf', () => {
  it("starts on Monday 00:00 in the person's zone, seven midnights long", () => {
    // Sunday 29 March 2026, 22:30 in Paris, is already Monday 30 March (05:30) in Tokyo.
    const at = new Date('2026-03-29T20:30:00Z');
    const paris = weekOf(at, 'Europe/Paris');
    expect(paris.start.toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(paris.end.toISOString()).toBe('2026-03-29T22:00:00.000Z'); // after the change to summer time
    expect(paris.days).toHaveLength(7);
    expect(paris.days.map((d) => zonedParts(d, 'Europe/Paris').hour)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    const tokyo = weekOf(at, 'Asia/Tokyo');
    expect(tokyo.start.toISOString()).toBe('2026-03-29T15:00:00.000Z');
  });

  it('moves by whole weeks', () => {
    const now = new Date('2026-01-14T10:00:00Z');
    expect(weekOf(now, 'UTC', -1).start.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(weekOf(now, 'UTC', 1).start.toISOString()).toBe('2026-01-19T00:00:00.000Z');
  });
});

describe('planBlocks', () => {
  const week = weekOf(new Date('2026-01-14T10:00:00Z'), 'Europe/Paris');

  it('places each occurrence on its local day and time, once per host, cut at midnight', () => {
    const nightly = buildOccurrence({ at: '2026-01-13T01:00:00Z', estimated_minutes: 30, host_ids: [HOST_A, HOST_B] });
    const late = buildOccurrence({
      schedule_name: 'late',
      at: '2026-01-15T22:30:00Z',
      estimated_minutes: 120,
      host_ids: [HOST_A],
    });
    const blocks = planBlocks([nightly, late], week, 'Europe/Paris');
    expect(blocks.map((b) => [b.day, b.startMinute, b.minutes, b.continues, b.continued, b.hostId])).toEqual([
      [1, 120, 30, false, false, HOST_A], // Tuesday 02:00 in Paris
      [1, 120, 30, false, false, HOST_B],
      [3, 23 * 60 + 30, 30, true, false, HOST_A], // Thursday 23:30, runs on after midnight…
      [4, 0, 90, false, true, HOST_A], // …until Friday 01:30
    ]);
    expect(new Set(blocks.map((b) => b.key)).size).toBe(blocks.length);
  });

  it('draws the Monday part of a run started late the week before, and nothing of one that ended before Monday', () => {
    // Sunday 11 January 23:00 in Paris (22:00 UTC) for three hours: Monday 00:00–02:00 is this week's.
    const spilling = buildOccurrence({ at: '2026-01-11T22:00:00Z', estimated_minutes: 180, host_ids: [HOST_A] });
    const ended = buildOccurrence({ at: '2026-01-11T20:00:00Z', estimated_minutes: 60, host_ids: [HOST_A] });
    const blocks = planBlocks([spilling, ended], week, 'Europe/Paris');
    expect(blocks.map((b) => [b.day, b.startMinute, b.minutes, b.continues, b.continued])).toEqual([[0, 0, 120, false, true]]);
  });

  it('cuts a run longer than the rest of the week at Sunday midnight', () => {
    const long = buildOccurrence({ at: '2026-01-18T21:00:00Z', estimated_minutes: 240, host_ids: [HOST_A] });
    const blocks = planBlocks([long], week, 'Europe/Paris');
    expect(blocks.map((b) => [b.day, b.startMinute, b.minutes, b.continues])).toEqual([[6, 22 * 60, 120, true]]);
  });

  it('leaves out other weeks and other hosts; an occurrence on no host gets the no-host lane', () => {
    const before = buildOccurrence({ at: '2026-01-04T12:00:00Z' });
    const none = buildOccurrence({ at: '2026-01-16T12:00:00Z', host_ids: [] });
    const onB = buildOccurrence({ at: '2026-01-16T13:00:00Z', host_ids: [HOST_B] });
    expect(planBlocks([before, none, onB], week, 'Europe/Paris').map((b) => b.hostId)).toEqual([NO_HOST, HOST_B]);
    expect(planBlocks([before, none, onB], week, 'Europe/Paris', new Set([HOST_B])).map((b) => b.hostId)).toEqual([HOST_B]);
  });
});

describe('laneHosts', () => {
  it('orders the hosts the occurrences touch by name, the no-host lane last', () => {
    const names = new Map([
      [HOST_A, 'zeta'],
      [HOST_B, 'alpha'],
    ]);
    const occurrences: PlanOccurrence[] = [
      buildOccurrence({ host_ids: [HOST_A] }),
      buildOccurrence({ host_ids: [] }),
      buildOccurrence({ host_ids: [HOST_B, HOST_A] }),
    ];
    expect(laneHosts(occurrences, names)).toEqual([HOST_B, HOST_A, NO_HOST]);
  });
});
