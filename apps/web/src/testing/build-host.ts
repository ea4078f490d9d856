import type { Host } from '@proxai/contract';

/** A host as `GET /api/hosts` answers it, for the dashboard's component tests. */
export function buildHost(overrides: Partial<Host> = {}): Host {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'pve-lab',
    type: 'pve',
    pbs: null,
    pve_url: 'https://pve.lan:8006',
    pve_node: 'pve',
    status: 'online',
    user: 'root@pam',
    auth_type: 'token',
    token_name: 'portal',
    fingerprint: null,
    pve_version: '8.2.4',
    last_sync_at: null,
    last_error: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
