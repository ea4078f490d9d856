import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval } from '@proxai/contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildOrganisation, buildUser } from '../../testing/factories';
import { LOOPBACK_HOSTS } from '../../testing/env';
import { trackSecret } from '../../testing/secrets';
import { giveLicence, passwordBody } from '../hosts/hosts.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';

describe('four-eyes approvals', () => {
  let t: TestApp;
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 1, guests: 2, seed: 5 }), { taskDurationMs: 30 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    t = await createTestApp({ jobs: true, env: { RATE_LIMIT_ENABLED: 'false', ...LOOPBACK_HOSTS } });
  });
  afterAll(async () => {
    await t?.close();
    await fleet?.close();
  });

  async function organisation() {
    const org = await buildOrganisation(t.database.db);
    await giveLicence(t.database.db, org.id, 'enterprise');
    const owner = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'owner' });
    const admin = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'admin' });
    const operator = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'operator' });
    const as = (who: typeof owner) => (request: Parameters<typeof withEmailStepUp>[3]) =>
      withEmailStepUp(t.app, who.auth, who.user.email, request);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: owner.auth,
      payload: passwordBody(fleet.nodes[0]!),
    });
    expect(added.statusCode, added.body).toBe(201);
    return { org, owner, admin, operator, as, hostId: added.json<{ id: string }>().id };
  }

  it('holds a listed action until another member approves it, then runs it as its requester', async () => {
    const { owner, admin, operator, as, hostId } = await organisation();
    const policy = await as(owner)({
      method: 'PUT',
      url: '/api/organisation/security',
      payload: { require_mfa: false, approval_actions: ['hosts.delete'] },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json()).toEqual({ require_mfa: false, approval_actions: ['hosts.delete'] });

    // The request is stepped up, then held: 202, nothing deleted.
    const held = await as(admin)({ method: 'DELETE', url: `/api/hosts/${hostId}` });
    expect(held.statusCode, held.body).toBe(202);
    const { approval_id: id, code } = held.json<{ approval_id: string; code: string }>();
    expect(code).toBe('approval_required');
    const hosts = await t.app.inject({ method: 'GET', url: '/api/hosts', headers: owner.auth });
    expect(hosts.json<{ id: string }[]>().map((h) => h.id)).toContain(hostId);

    const listed = (await t.app.inject({ method: 'GET', url: '/api/approvals', headers: admin.auth })).json<Approval[]>();
    expect(listed.find((a) => a.id === id)).toMatchObject({
      action: 'hosts.delete',
      status: 'pending',
      can_decide: false,
      method: 'DELETE',
    });
    // The requester cannot approve their own request; an operator may not decide at all.
    expect((await as(admin)({ method: 'POST', url: `/api/approvals/${id}/approve` })).statusCode).toBe(403);
    expect((await as(operator)({ method: 'POST', url: `/api/approvals/${id}/approve` })).statusCode).toBe(403);

    const approved = await as(owner)({ method: 'POST', url: `/api/approvals/${id}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'done', result_status: 200, decided_by: owner.user.email });
    const after = await t.app.inject({ method: 'GET', url: '/api/hosts', headers: owner.auth });
    expect(after.json<{ id: string }[]>().map((h) => h.id)).not.toContain(hostId);
    // Decided once.
    expect((await as(owner)({ method: 'POST', url: `/api/approvals/${id}/deny` })).statusCode).toBe(409);
  });

  it('a denied request never runs; an action not listed runs at once', async () => {
    const { owner, admin, as, hostId } = await organisation();
    await as(owner)({
      method: 'PUT',
      url: '/api/organisation/security',
      payload: { require_mfa: false, approval_actions: ['guests.bulk_stop'] },
    });
    const vms = (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<
      { id: string; host_id: string }[]
    >();
    const ids = vms.filter((v) => v.host_id === hostId).map((v) => v.id);
    const held = await as(admin)({ method: 'POST', url: '/api/vms/bulk-action', payload: { action: 'stop', ids } });
    expect(held.statusCode, held.body).toBe(202);
    const id = held.json<{ approval_id: string }>().approval_id;
    const denied = await as(owner)({ method: 'POST', url: `/api/approvals/${id}/deny` });
    expect(denied.json()).toMatchObject({ status: 'denied', result_status: null });
    expect((await as(owner)({ method: 'POST', url: `/api/approvals/${id}/approve` })).statusCode).toBe(409);
    // Starting guests is not a listed action: it runs without approval.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/vms/bulk-action',
      headers: admin.auth,
      payload: { action: 'start', ids },
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).not.toHaveProperty('approval_id');
    // Deleting a host is not listed in this organisation: it runs at once after its step-up.
    const deleted = await as(admin)({ method: 'DELETE', url: `/api/hosts/${hostId}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('runs the request with the requester’s role of the moment of approval', async () => {
    const { owner, operator, as, hostId } = await organisation();
    await as(owner)({
      method: 'PUT',
      url: '/api/organisation/security',
      payload: { require_mfa: false, approval_actions: ['guests.bulk_stop'] },
    });
    const vms = (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<
      { id: string; host_id: string }[]
    >();
    const ids = vms.filter((v) => v.host_id === hostId).map((v) => v.id);
    const held = await as(operator)({ method: 'POST', url: '/api/vms/bulk-action', payload: { action: 'restart', ids } });
    const id = held.json<{ approval_id: string }>().approval_id;
    // Demoted to read-only before the approval: the run is refused.
    const demoted = await as(owner)({ method: 'PATCH', url: `/api/members/${operator.user.id}`, payload: { role: 'readonly' } });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const approved = await as(owner)({ method: 'POST', url: `/api/approvals/${id}/approve` });
    expect(approved.json()).toMatchObject({ status: 'failed', result_status: 403 });
  });
});
