import type { ApiKey, Host, Me } from '@proxai/contract';
import { ROLE_PERMISSIONS, type Permission } from '@proxai/contract/permissions';
import { buildHost } from '@/testing/build-host';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';

// The API keys page's API in component tests: Ada (the signed-in person of testing/render-at.tsx, id '1') holds
// the permissions of the role a test signs her in with, unless it gives others; two hosts; four keys, newest first:
// Ada's working key narrowed to a host and a tag, Grace's never used, a revoked one and an expired one.

export const HOST_LAB = buildHost();
export const HOST_PROD = buildHost({ id: '00000000-0000-4000-8000-000000000002', name: 'pve-prod' });

export const buildApiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  name: 'Backup report',
  prefix: 'pxk_ab12cd34',
  scopes: ['fleet.read', 'guests.operate', 'tasks.cancel', 'backups.run', 'alerts.respond'],
  host_ids: [HOST_LAB.id],
  tags: ['prod'],
  expires_at: '2099-01-01T09:00:00.000Z',
  created_at: '2026-01-12T09:00:00.000Z',
  created_by: 'ada@example.org',
  last_used_at: '2026-01-13T10:00:00.000Z',
  last_used_ip: '203.0.113.7',
  revoked_at: null,
  ...overrides,
});

export const ADA_KEY = buildApiKey();
export const GRACE_KEY = buildApiKey({
  id: '00000000-0000-4000-8000-0000000000d2',
  name: 'Grafana',
  prefix: 'pxk_ef56gh78',
  scopes: ['fleet.read'],
  host_ids: null,
  tags: null,
  created_by: 'grace@example.org',
  last_used_at: null,
  last_used_ip: null,
});
export const REVOKED_KEY = buildApiKey({
  id: '00000000-0000-4000-8000-0000000000d3',
  name: 'Old CI',
  prefix: 'pxk_ij90kl12',
  host_ids: null,
  tags: null,
  revoked_at: '2026-01-10T08:00:00.000Z',
});
export const EXPIRED_KEY = buildApiKey({
  id: '00000000-0000-4000-8000-0000000000d4',
  name: 'Migration',
  prefix: 'pxk_mn34op56',
  scopes: ['fleet.read'],
  host_ids: null,
  tags: null,
  expires_at: '2025-06-01T09:00:00.000Z',
});

export const buildMe = (overrides: Partial<Me> = {}): Me => ({
  id: '1',
  email: 'ada@example.org',
  name: 'Ada',
  role: 'user',
  organisation_id: '00000000-0000-4000-8000-0000000000e1',
  org_role: 'owner',
  timezone: null,
  organisations: [{ organisation_id: '00000000-0000-4000-8000-0000000000e1', name: 'Analytical Engines', role: 'owner' }],
  permissions: [...ROLE_PERMISSIONS.owner],
  mfa_enabled: false,
  ...overrides,
});

/** Answers the page's reads (`routes` add or replace some); `permissions` are what GET /auth/me says Ada holds. */
export function stubApiKeys(
  routes: Record<string, (url: URL, call: ApiCall) => Response | Promise<Response>> = {},
  {
    keys = [ADA_KEY, GRACE_KEY, REVOKED_KEY, EXPIRED_KEY],
    permissions = [...ROLE_PERMISSIONS.owner],
    hosts = [HOST_LAB, HOST_PROD],
  }: { keys?: ApiKey[]; permissions?: Permission[]; hosts?: Host[] } = {},
): ApiCall[] {
  return stubApi({
    'GET /api/api-keys': () => json({ items: keys }),
    'GET /api/auth/me': () => json(buildMe({ permissions })),
    'GET /api/hosts': () => json(hosts),
    ...routes,
  });
}
