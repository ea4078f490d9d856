import type { Host, MetricsSeries, Vm } from '@proxai/contract';

export const HOST_ID = '00000000-0000-4000-8000-0000000000a1';
export const GUEST_ID = '00000000-0000-4000-8000-0000000000b1';

export function buildVm(overrides: Partial<Vm> = {}): Vm {
  return {
    id: GUEST_ID,
    vmid: 101,
    name: 'web-01',
    state: 'running',
    cpu: 4,
    memory: 8192,
    storage: 32,
    type: 'qemu',
    host_id: HOST_ID,
    node: 'pve1',
    uptime: 93_784,
    tags: [],
    pool: null,
    ...overrides,
  };
}

export function buildHostFacts(overrides: Partial<Host> = {}): Host {
  return {
    id: HOST_ID,
    name: 'Lab node',
    type: 'pve',
    pbs: null,
    pve_url: 'https://10.0.0.5:8006',
    pve_node: 'pve1',
    status: 'online',
    user: 'root@pam',
    auth_type: 'password',
    token_name: null,
    fingerprint: null,
    pve_version: '9.0.3',
    last_sync_at: '2026-01-12T11:59:00.000Z',
    last_error: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A guest's 24-hour answer of five 5-minute steps from `start`: CPU with a gap at the third step, memory from the
 * host view and the guest agent, network and disk I/O rates, and a PSI series with no value at all.
 */
export function buildGuestSeries(overrides: Partial<MetricsSeries> = {}, start = 1_768_219_200): MetricsSeries {
  const t = [0, 1, 2, 3, 4].map((i) => start + i * 300);
  return {
    step_seconds: 300,
    t,
    series: {
      cpu: [12.5, 40, null, 55.25, 20],
      mem: [4 * 2 ** 30, 4.5 * 2 ** 30, null, 5 * 2 ** 30, 5 * 2 ** 30],
      mem_agent: [1.5 * 2 ** 30, 1.75 * 2 ** 30, null, 2 * 2 ** 30, 2 * 2 ** 30],
      maxmem: [8 * 2 ** 30, 8 * 2 ** 30, null, 8 * 2 ** 30, 8 * 2 ** 30],
      netin: [1024, 2048, null, 1_572_864, 0],
      netout: [512, 512, null, 1024, 0],
      diskread: [0, 0, null, 0, 0],
      diskwrite: [4096, 8192, null, 0, 0],
      pressure_cpu_some: [null, null, null, null, null],
    },
    units: {
      cpu: 'percent',
      mem: 'bytes',
      mem_agent: 'bytes',
      maxmem: 'bytes',
      netin: 'bytes/s',
      netout: 'bytes/s',
      diskread: 'bytes/s',
      diskwrite: 'bytes/s',
      pressure_cpu_some: 'percent',
    },
    memory_source: 'guest_agent',
    ...overrides,
  };
}
