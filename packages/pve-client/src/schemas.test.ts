import { describe, expect, it } from 'vitest';
import { AgentFileReadSchema, GuestRrdSchema, NodeRrdSchema, RrdSchema, rrdCheck, StorageRrdSchema } from './schemas';

// Rows shaped like real answers (Pulse's recorded PVE 8 / PVE 9 rrddata): absent keys, PVE 9 extras.
const PVE8_NODE = {
  time: 1755965040,
  cpu: 0.18,
  iowait: 0.07,
  loadavg: 2.4,
  maxcpu: 4,
  memtotal: 16540225536,
  memused: 3432138390.5,
  netin: 14398.3,
  netout: 15476.4,
  roottotal: 19037814784,
  rootused: 9906421760,
  swaptotal: 0,
  swapused: 0,
};
const PVE9_NODE = {
  ...PVE8_NODE,
  arcsize: 1610934106.6,
  memavailable: 9810897578.6,
  pressurecpusome: 1.99,
  pressureiofull: 0,
  pressureiosome: 0,
  pressurememoryfull: 0,
  pressurememorysome: 0,
};
const PVE9_VM = {
  time: 1768327200,
  cpu: 0.007,
  disk: 0,
  diskread: 0,
  diskwrite: 26717.8,
  maxcpu: 2,
  maxdisk: 32212254720,
  maxmem: 8589934592,
  mem: 2609766106.4,
  memhost: 1466588109.5,
  netin: 1309.5,
  netout: 35664.5,
  pressurecpufull: 0.025,
  pressurecpusome: 0.035,
  pressureiofull: 0.37,
  pressureiosome: 0.37,
  pressurememoryfull: 0.002,
  pressurememorysome: 0.002,
};
const STOPPED = { time: 1785132000, disk: 0, maxcpu: 2, maxdisk: 32212254720, maxmem: 2147483648 };

describe('RRD schemas', () => {
  it('accept both layouts, rows without samples and keys a newer PVE adds', () => {
    expect(NodeRrdSchema.parse([PVE8_NODE, PVE9_NODE])).toEqual([PVE8_NODE, PVE9_NODE]);
    expect(GuestRrdSchema.parse([PVE9_VM, STOPPED])).toEqual([PVE9_VM, STOPPED]);
    expect(GuestRrdSchema.parse([{ ...STOPPED, newkey: 1 }])[0]).toHaveProperty('newkey', 1);
    expect(StorageRrdSchema.parse([{ time: 1, total: 10, used: 4 }, { time: 61 }])).toHaveLength(2);
    for (const rows of [[PVE8_NODE], [PVE9_NODE], [PVE9_VM, STOPPED]]) {
      expect(RrdSchema.safeParse(rows).success).toBe(true);
      expect(rrdCheck(rows)).toEqual({ ok: true, value: rows });
    }
  });

  it('reject nulls (PVE omits missing samples), strings and rows without time', () => {
    expect(GuestRrdSchema.safeParse([{ ...STOPPED, cpu: null }]).success).toBe(false);
    expect(NodeRrdSchema.safeParse([{ ...PVE8_NODE, cpu: '0.1' }]).success).toBe(false);
    expect(RrdSchema.safeParse([{ cpu: 0.1 }]).success).toBe(false);
    expect(RrdSchema.safeParse([{ time: 1, cpu: null }]).success).toBe(false);
    expect(rrdCheck([{ time: 1, cpu: null }])).toEqual({ ok: false, where: '0.cpu: expected number' });
    expect(rrdCheck([{ cpu: 1 }])).toEqual({ ok: false, where: '0.time: expected number' });
    expect(rrdCheck({ data: [] })).toEqual({ ok: false, where: '(root): expected array' });
  });
});

describe('agent file-read schema', () => {
  it('turns truncated 1 into true and drops bytes-read', () => {
    expect(AgentFileReadSchema.parse({ content: 'x', 'bytes-read': 1 })).toEqual({ content: 'x' });
    expect(AgentFileReadSchema.parse({ content: 'x', truncated: 1 })).toEqual({ content: 'x', truncated: true });
    expect(AgentFileReadSchema.safeParse({ 'bytes-read': 1 }).success).toBe(false);
  });
});
