import type { Vm } from '@proxai/contract';

/** A running guest as `GET /api/vms` answers it (web-01, vmid 101 on node pve), for component tests. */
export function buildVm(overrides: Partial<Vm> = {}): Vm {
  return {
    id: '00000000-0000-4000-8000-000000000101',
    vmid: 101,
    name: 'web-01',
    state: 'running',
    cpu: 2,
    memory: 2048,
    storage: 32,
    type: 'qemu',
    host_id: '00000000-0000-4000-8000-00000000000a',
    node: 'pve',
    uptime: 10,
    tags: [],
    pool: null,
    ...overrides,
  };
}
