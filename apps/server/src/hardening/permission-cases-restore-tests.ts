// The permission matrix's rows for restore tests and their evidence (issue 19).
import { randomUUID } from 'node:crypto';
import type { Case } from './permission-world';

const READ = [401, 200, 200, 200, 200, 200, 403] as Case['expect'];
/** An id no organisation has: every member gets the same 404 as the other organisation would for A's. */
const MISSING = [401, 404, 404, 404, 404, 404, 403] as Case['expect'];

export const RESTORE_TEST_CASES: Case[] = [
  {
    route: 'GET /api/evidence/public-key',
    name: 'the evidence public key (public, like the licence key)',
    method: 'GET',
    url: () => '/api/evidence/public-key',
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/restore-tests',
    name: 'run a restore test',
    method: 'POST',
    url: () => '/api/restore-tests',
    body: (w) => ({ guest_id: w.runningGuestA, probes: [{ type: 'agent_ping' }] }),
    expect: [401, 404, 403, 202, 202, 202, 403],
  },
  {
    route: 'POST /api/restore-tests',
    name: 'run a restore test with an exec probe (admins and owners)',
    method: 'POST',
    url: () => '/api/restore-tests',
    body: (w) => ({ guest_id: w.runningGuestA, probes: [{ type: 'exec', command: ['true'] }] }),
    expect: [401, 404, 403, 403, 202, 202, 403],
  },
  { route: 'GET /api/restore-tests', name: 'list restore tests', method: 'GET', url: () => '/api/restore-tests', expect: READ },
  {
    route: 'GET /api/restore-tests/summary',
    name: 'restore tests per guest',
    method: 'GET',
    url: () => '/api/restore-tests/summary',
    expect: READ,
  },
  {
    route: 'GET /api/restore-tests/:id',
    name: 'a restore test',
    method: 'GET',
    url: () => `/api/restore-tests/${randomUUID()}`,
    expect: MISSING,
  },
  {
    route: 'GET /api/restore-tests/:id/evidence',
    name: "a restore test's evidence",
    method: 'GET',
    url: () => `/api/restore-tests/${randomUUID()}/evidence`,
    expect: MISSING,
  },
];
