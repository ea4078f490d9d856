// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Vm } from '@proxai/contract';
import { compareGuestNames, DEFAULT_FILTER, filterGuests } from './guest-filter';

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
  tags: [],
  pool: null,
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

describe('compareGuestNames', () => {
  const sorted = (names: string[]) => [...names].sort(compareGuestNames);

  it('compares digit runs as numbers and ignores case and leading zeros', () => {
    expect(sorted(['vm-10', 'VM-9', 'vm-1', 'vm-100', 'vm-2a', 'vm-2'])).toEqual([
      'vm-1',
      'vm-2',
      'vm-2a',
      'VM-9',
      'vm-10',
      'vm-100',
    ]);
    expect(compareGuestNames('web-007', 'web-7')).toBe(0);
    expect(compareGuestNames('Web-1', 'web-1')).toBe(0);
    expect(compareGuestNames('db', 'db-1')).toBeLessThan(0);
    expect(compareGuestNames('db-1', 'db')).toBeGreaterThan(0);
    expect(compareGuestNames('a10b', 'a9c')).toBeGreaterThan(0);
    expect(compareGuestNames('12345678901234567890', '9')).toBeGreaterThan(0);
  });

  it('orders DNS names (what PVE allows as guest names) as Intl.Collator does', () => {
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const alphabet = 'abcXYZ0123456789-.';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const names = Array.from({ length: 400 }, () => {
      const length = 1 + Math.floor(random() * 10);
      let name = 'abcxyz'[Math.floor(random() * 6)]!;
      for (let k = 1; k < length; k++) name += alphabet[Math.floor(random() * alphabet.length)];
      return name;
    });
    const sign = (n: number) => Math.sign(n);
    for (let k = 0; k + 1 < names.length; k++) {
      const [a, b] = [names[k]!, names[k + 1]!];
      expect(sign(compareGuestNames(a, b)), `${a} vs ${b}`).toBe(sign(collator.compare(a, b)));
    }
  });
});
