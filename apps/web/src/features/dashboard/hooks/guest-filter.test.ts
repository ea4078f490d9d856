import { describe, expect, it } from 'vitest';
import type { Vm } from '@proxai/contract';
import { DEFAULT_FILTER, filterGuests } from './guest-filter';

const vm = (vmid: number, name: string, state: string, host: string, memory = 1024): Vm => ({
  id: `00000000-0000-4000-8000-${String(vmid).padStart(12, '0')}`,
  vmid,
  name,
  state,
  cpu: 2,
  memory,
  storage: 32,
  type: 'qemu',
  host_id: host,
  node: 'pve',
  uptime: 0,
});

const hosts = new Map([
  ['h1', 'alpha'],
  ['h2', 'beta'],
]);
const list = [
  vm(101, 'web-10', 'running', 'h1', 4096),
  vm(102, 'web-9', 'stopped', 'h2', 512),
  vm(103, 'db-1', 'running', 'h2', 2048),
];

describe('filterGuests', () => {
  it('sorts names naturally by default', () => {
    expect(filterGuests(list, DEFAULT_FILTER, hosts).map((v) => v.name)).toEqual(['db-1', 'web-9', 'web-10']);
  });
  it('filters by name, vmid prefix, state and host', () => {
    expect(filterGuests(list, { ...DEFAULT_FILTER, query: 'WEB' }, hosts).map((v) => v.vmid)).toEqual([102, 101]);
    expect(filterGuests(list, { ...DEFAULT_FILTER, query: '103' }, hosts).map((v) => v.vmid)).toEqual([103]);
    expect(filterGuests(list, { ...DEFAULT_FILTER, state: 'running' }, hosts).map((v) => v.vmid)).toEqual([103, 101]);
    expect(filterGuests(list, { ...DEFAULT_FILTER, hostId: 'h2', state: 'stopped' }, hosts).map((v) => v.vmid)).toEqual([102]);
  });
  it('sorts by memory descending and by host name', () => {
    expect(filterGuests(list, { ...DEFAULT_FILTER, sort: 'memory', direction: 'desc' }, hosts).map((v) => v.vmid)).toEqual([
      101, 103, 102,
    ]);
    expect(filterGuests(list, { ...DEFAULT_FILTER, sort: 'host' }, hosts).map((v) => v.vmid)).toEqual([101, 102, 103]);
  });
  it('does not mutate its input', () => {
    const copy = [...list];
    filterGuests(list, { ...DEFAULT_FILTER, sort: 'vmid', direction: 'desc' }, hosts);
    expect(list).toEqual(copy);
  });
});
