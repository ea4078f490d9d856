// The permission matrix's table (permissions.int.test.ts runs it): every /api route, called by every kind of
// caller, with the status each must get. Not shipped code.
import { passwordBody } from '../modules/hosts/hosts.testing';
import { API_KEY_CASES } from './permission-cases-api-keys';
import { AUTOMATION_CASES } from './permission-cases-automation';
import { BACKUP_CASES } from './permission-cases-backups';
import { MONITORING_CASES } from './permission-cases-monitoring';
import { PBS_CASES } from './permission-cases-pbs';
import { RESTORE_TEST_CASES } from './permission-cases-restore-tests';
import { TEAM_CASES } from './permission-cases-teams';
import { unique, type Case } from './permission-world';

// anonymous, other, readonly, operator, admin, owner, platformAdmin
export const CASES: Case[] = [
  {
    route: 'GET /api/health',
    name: 'health',
    method: 'GET',
    url: () => '/api/health',
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/auth/providers',
    name: 'sign-in providers',
    method: 'GET',
    url: () => '/api/auth/providers',
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/auth/me',
    name: 'who am I',
    method: 'GET',
    url: () => '/api/auth/me',
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/hosts',
    name: 'list hosts',
    method: 'GET',
    url: () => '/api/hosts',
    expect: [401, 200, 200, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/hosts',
    name: 'add a host',
    method: 'POST',
    url: () => '/api/hosts',
    body: (w, actor) => passwordBody(w.fleet.nodes[actor === 'other' ? 2 : 1]!, { name: `perm-${unique()}` }),
    expect: [401, 201, 403, 403, 201, 201, 403],
  },
  {
    route: 'POST /api/hosts/:id/sync',
    name: 'sync a host',
    method: 'POST',
    url: (w) => `/api/hosts/${w.hostA}/sync`,
    expect: [401, 404, 403, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/vms',
    name: 'list guests',
    method: 'GET',
    url: () => '/api/vms',
    expect: [401, 200, 200, 200, 200, 200, 403],
  },
  { route: 'GET /api/stats', name: 'stats', method: 'GET', url: () => '/api/stats', expect: [401, 200, 200, 200, 200, 200, 403] },
  {
    route: 'POST /api/vms/:id/action',
    name: 'restart a guest',
    method: 'POST',
    url: (w) => `/api/vms/${w.runningGuestA}/action`,
    body: (w) => ({ action: 'restart', vmid: w.runningGuestVmid }),
    expect: [401, 404, 403, 202, 202, 202, 403],
  },
  {
    route: 'POST /api/events/ticket',
    name: 'ticket for the event stream',
    method: 'POST',
    url: () => '/api/events/ticket',
    expect: [401, 200, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/events',
    name: 'event stream',
    method: 'GET',
    url: () => '/api/events',
    stream: true,
    expect: [401, 200, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/tasks',
    name: 'list tasks',
    method: 'GET',
    url: () => '/api/tasks',
    expect: [401, 200, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/tasks/:id',
    name: 'read a task',
    method: 'GET',
    url: (w) => `/api/tasks/${w.taskA}`,
    expect: [401, 404, 200, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/tasks/:id/cancel',
    name: 'cancel a queued task',
    method: 'POST',
    url: (w) => `/api/tasks/${w.taskA}/cancel`,
    // The operator cancels it; for the owner, after, it has already ended.
    expect: [401, 404, 403, 200, 409, 409, 403],
  },
  {
    route: 'GET /api/proxai/advice',
    name: 'assistant advice',
    method: 'GET',
    url: () => '/api/proxai/advice?context=general',
    expect: [401, 200, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/licenses/public-key',
    name: 'licence public key',
    method: 'GET',
    url: () => '/api/licenses/public-key',
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    // Public; 404 for everyone on a portal without the demo (the matrix's).
    route: 'GET /api/demo',
    name: 'the demo account',
    method: 'GET',
    url: () => '/api/demo',
    expect: [404, 404, 404, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/admin/licenses/:organisation_id',
    name: 'list licences of org A',
    method: 'GET',
    url: (w) => `/api/admin/licenses/${w.orgA}`,
    expect: [401, 404, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/admin/licenses/generate',
    name: 'generate a licence',
    method: 'POST',
    url: () => '/api/admin/licenses/generate',
    body: (w) => ({ organisation_id: w.orgA, plan_type: 'pro', duration_days: 30 }),
    expect: [401, 403, 403, 403, 403, 403, 201],
  },
  {
    route: 'GET /api/admin/organisations',
    name: 'list organisations',
    method: 'GET',
    url: () => '/api/admin/organisations',
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/licenses/:id/revoke',
    name: 'revoke a licence',
    method: 'POST',
    url: (w) => `/api/admin/licenses/${w.licenceA}/revoke`,
    body: () => ({ reason: 'permission matrix' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/newsletter/subscribe',
    name: 'newsletter',
    method: 'POST',
    url: () => '/api/newsletter/subscribe',
    body: () => ({ email: `perm-${unique()}@example.test` }),
    expect: [201, 201, 201, 201, 201, 201, 201],
  },
  {
    route: 'POST /api/contact',
    name: 'contact',
    method: 'POST',
    url: () => '/api/contact',
    body: () => ({ name: 'Perm Test', email: 'perm@example.test', subject: 'other', message: 'Permission matrix message.' }),
    expect: [201, 201, 201, 201, 201, 201, 201],
  },
  // Sign-in flows: public, and the same answer whoever calls (bad or unknown credentials).
  {
    route: 'POST /api/auth/magic-link',
    name: 'request a sign-in code',
    method: 'POST',
    url: () => '/api/auth/magic-link',
    body: () => ({ email: `perm-${unique()}@example.test`, language: 'fr' }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/auth/verify-otp',
    name: 'verify a wrong code',
    method: 'POST',
    url: () => '/api/auth/verify-otp',
    body: () => ({ email: 'nobody@example.test', otp_code: '000000' }),
    // A signed-in caller is first asked to confirm replacing its account (login CSRF); nothing is checked or consumed.
    expect: [400, 409, 409, 409, 409, 409, 409],
  },
  {
    route: 'POST /api/auth/admin-login',
    name: 'administrator sign-in with a wrong password',
    method: 'POST',
    url: () => '/api/auth/admin-login',
    // One address per caller: five failures on one address lock it.
    body: (_w, actor) => ({ email: `nobody-${actor}@example.test`, password: 'wrong-password-123' }),
    expect: [401, 401, 401, 401, 401, 401, 401],
  },
  {
    route: 'POST /api/auth/oauth/session',
    name: 'complete an unknown handoff',
    method: 'POST',
    url: () => '/api/auth/oauth/session',
    headers: { 'x-session-id': 'not-a-real-handoff-id-000000000000' },
    expect: [400, 400, 400, 400, 400, 400, 400],
  },
  {
    route: 'POST /api/auth/magic',
    name: 'complete an unknown magic link',
    method: 'POST',
    url: () => '/api/auth/magic',
    body: () => ({ token: 'not-a-real-magic-token-000000000000' }),
    expect: [400, 400, 400, 400, 400, 400, 400],
  },
  {
    route: 'GET /api/auth/magic',
    name: 'open an invalid magic link',
    method: 'GET',
    url: () => '/api/auth/magic?token=nope',
    expect: [302, 302, 302, 302, 302, 302, 302],
  },
  {
    route: 'GET /api/auth/oidc/start',
    name: 'start OpenID Connect (not configured)',
    method: 'GET',
    url: () => '/api/auth/oidc/start',
    expect: [302, 302, 302, 302, 302, 302, 302],
  },
  {
    route: 'GET /api/auth/oidc/callback',
    name: 'OpenID callback without state',
    method: 'GET',
    url: () => '/api/auth/oidc/callback',
    expect: [302, 302, 302, 302, 302, 302, 302],
  },
  {
    route: 'GET /api/dev/outbox',
    name: 'dev outbox (development only)',
    method: 'GET',
    url: () => '/api/dev/outbox?to=nobody@example.test',
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  ...AUTOMATION_CASES,
  ...MONITORING_CASES,
  ...PBS_CASES,
  ...RESTORE_TEST_CASES,
  ...BACKUP_CASES,
  {
    route: 'DELETE /api/hosts/:id',
    name: 'delete a host',
    method: 'DELETE',
    url: (w) => `/api/hosts/${w.hostsToDelete.pop() ?? w.hostA}`,
    expect: [401, 404, 403, 403, 200, 404, 403], // the admin's row deleted it first
  },
  ...API_KEY_CASES,
  ...TEAM_CASES,
  {
    route: 'POST /api/auth/logout',
    name: 'sign out',
    method: 'POST',
    url: () => '/api/auth/logout',
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    // Last: it ends every session of each caller.
    route: 'POST /api/auth/logout-all',
    name: 'sign out everywhere',
    method: 'POST',
    url: () => '/api/auth/logout-all',
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
];
