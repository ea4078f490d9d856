// The permission matrix's rows for API keys (permissions.int.test.ts). Not shipped code.
import type { Case } from './permission-world';

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

// anonymous, other, readonly, operator, admin, owner, platformAdmin
export const API_KEY_CASES: Case[] = [
  {
    route: 'GET /api/api-keys',
    name: "list the organisation's API keys",
    method: 'GET',
    url: () => '/api/api-keys',
    expect: [401, 200, 403, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/api-keys',
    name: 'create an API key',
    method: 'POST',
    url: () => '/api/api-keys',
    body: () => ({ name: 'matrix', scopes: ['fleet.read'], expires_at: inAMonth() }),
    expect: [401, 201, 403, 201, 201, 201, 403],
  },
  {
    route: 'DELETE /api/api-keys/:id',
    name: "revoke the owner's API key",
    method: 'DELETE',
    url: (w, actor) => `/api/api-keys/${w.apiKeysToRevoke[actor ?? 'owner'] ?? w.apiKeysToRevoke.owner}`,
    // An operator revokes only their own keys; admins and owners any of the organisation's.
    expect: [401, 404, 403, 403, 204, 204, 403],
  },
];
