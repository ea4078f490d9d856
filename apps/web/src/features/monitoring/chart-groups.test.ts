// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chartModels, isolatedPoints, seriesLabelKey, toCsv } from './chart-groups';
import { buildGuestSeries } from './testing/build-metrics';

describe('chartModels', () => {
  it('groups the series into charts in a fixed order, leaving out charts and series without any value', () => {
    const models = chartModels(buildGuestSeries());
    expect(models.map((m) => m.id)).toEqual(['cpu', 'memory', 'network', 'diskio']);
    // PSI is absent (all gaps); the guest agent's figure comes first in the memory chart.
    expect(models[1]!.series.map((s) => s.name)).toEqual(['mem_agent', 'mem', 'maxmem']);
    expect(models[1]!.unit).toBe('bytes');
    expect(models[2]!.unit).toBe('bytes/s');
    // A gap stays a gap: nothing is filled in.
    expect(models[0]!.series[0]!.values[2]).toBeNull();
  });

  it('draws PSI when Proxmox sends it (PVE 9)', () => {
    const data = buildGuestSeries();
    data.series.pressure_cpu_some = [0.5, 1, null, 2, 0];
    expect(chartModels(data).map((m) => m.id)).toContain('pressure');
  });

  it('has no chart when no value was collected yet', () => {
    const data = buildGuestSeries();
    for (const name of Object.keys(data.series)) data.series[name] = data.series[name]!.map(() => null);
    expect(chartModels(data)).toEqual([]);
  });

  it('names mem after where the figure comes from', () => {
    expect(seriesLabelKey('mem', 'guest_agent')).toBe('series.memHost');
    expect(seriesLabelKey('mem', 'host')).toBe('series.memHost');
    expect(seriesLabelKey('mem', 'balloon')).toBe('series.memBalloon');
    expect(seriesLabelKey('mem', undefined)).toBe('series.mem');
    expect(seriesLabelKey('mem_agent', 'guest_agent')).toBe('series.memAgent');
    expect(seriesLabelKey('pressure_io_full', undefined)).toBe('series.pressureIoFull');
  });
});

describe('toCsv', () => {
  it('has ISO times, a column per series with its unit, and empty cells at gaps', () => {
    const csv = toCsv(buildGuestSeries({}, 1_768_219_200)).trimEnd().split('\n');
    expect(csv[0]).toBe(
      'time,cpu (percent),mem_agent (bytes),mem (bytes),maxmem (bytes),netin (bytes/s),netout (bytes/s),diskread (bytes/s),diskwrite (bytes/s)',
    );
    expect(csv).toHaveLength(6);
    expect(csv[1]).toBe('2026-01-12T12:00:00.000Z,12.5,1610612736,4294967296,8589934592,1024,512,0,4096');
    expect(csv[3]).toBe('2026-01-12T12:10:00.000Z,,,,,,,,');
  });
});

describe('isolatedPoints', () => {
  it('finds the values a line cannot draw: a gap (or an end) on both sides', () => {
    expect(isolatedPoints([null, 5, null, 6, 7, null, 8])).toEqual([1, 6]);
    expect(isolatedPoints([3, null, null])).toEqual([0]);
    expect(isolatedPoints([1, 2, 3])).toBeNull();
    expect(isolatedPoints([null, null])).toBeNull();
  });
});
