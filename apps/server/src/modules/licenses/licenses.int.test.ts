import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, planFeatureMap, type Licence, type StepUpRequired } from '@proxai/contract';
import { auditEvents, hosts, licences } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildOrganisation, buildUser } from '../../testing/factories';
import { parsePublicKey, verifyLicenceSignature } from './licence-canonical';
import { PRIVATE_KEY_FILE, PUBLIC_KEY_FILE } from './licence-signing';
import { getEffectivePlan } from './licenses.service';
import { LOOPBACK_HOSTS } from '../../testing/env';
import { buildPlatformAdmin, proveStepUp, type ApiRequest } from '../mfa/step-up.testing';

describe.each(TEST_DATABASE_KINDS)('licences on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof buildPlatformAdmin>>;
  let member: Awaited<ReturnType<typeof buildUser>>;
  let outsider: Awaited<ReturnType<typeof buildUser>>;
  let orgId: string;

  const generate = (body: Record<string, unknown>, headers = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/admin/licenses/generate', headers, payload: body });
  const revokeRequest = (id: string, body: unknown): ApiRequest => ({
    method: 'POST',
    url: `/api/admin/licenses/${id}/revoke`,
    payload: body as object,
  });
  /** A revoke as sent, without a step-up proof (a refusal comes before the step-up). */
  const revokeUnproven = (id: string, body: unknown, headers = admin.auth) =>
    t.app.inject({ ...revokeRequest(id, body), headers });
  /** A revoke by the administrator, its step-up answered with their passkey. */
  const revoke = (id: string, body: unknown) => admin.stepUp(revokeRequest(id, body));
  /**
   * A proof for one revoke request of the administrator (its 401 `step_up_required` answered by their passkey),
   * to send it later in X-Step-Up: each proof is bound to its request and spent by it.
   */
  const revokeProof = async (request: ApiRequest) => {
    const asked = await t.app.inject({ ...request, headers: admin.auth });
    expect(asked.statusCode, asked.body).toBe(401);
    const body = asked.json<StepUpRequired>();
    expect(body.code).toBe('step_up_required');
    return proveStepUp(t.app, admin.auth, { passkey: admin.passkey }, body);
  };
  const list = (org: string, headers = member.auth) =>
    t.app.inject({ method: 'GET', url: `/api/admin/licenses/${org}`, headers });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-licences-'));
    t = await createTestApp({
      jobs: true,
      database: kind,
      env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false', ...LOOPBACK_HOSTS },
    });
    const db = t.database.db;
    const org = await buildOrganisation(db);
    orgId = org.id;
    admin = await buildPlatformAdmin(t.app, db);
    member = await buildUser(db, { role: 'user', orgRole: 'owner', organisationId: orgId });
    outsider = await buildUser(db, { role: 'user', orgRole: 'owner' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the signing key at first start with 0600 permissions, logs it, and serves the public key', async () => {
    const keyFile = path.join(dataDir, PRIVATE_KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(t.logs.some((l) => l.msg === 'licence signing key created (Ed25519)')).toBe(true);
    const pem = fs.readFileSync(keyFile, 'utf8');
    expect(JSON.stringify(t.logs)).not.toContain(pem.split('\n')[1]);

    const res = await t.app.inject({ method: 'GET', url: '/api/licenses/public-key' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ algorithm: string; public_key_pem: string; public_key_base64: string }>();
    expect(body.algorithm).toBe('Ed25519');
    expect(body.public_key_pem).toContain('BEGIN PUBLIC KEY');
    expect(fs.readFileSync(path.join(dataDir, PUBLIC_KEY_FILE), 'utf8')).toBe(body.public_key_pem);
    expect(JSON.stringify(body)).not.toContain(pem.split('\n')[1]);
  });

  it('generates a signed licence with the plan entitlements, listed first, and audited', async () => {
    const first = await generate({ organisation_id: orgId, plan_type: 'essential', duration_days: 30 });
    expect(first.statusCode).toBe(201);
    const second = await generate({ organisation_id: orgId, plan_type: 'pro', duration_days: 365 });
    expect(second.statusCode).toBe(201);
    const licence = second.json<Licence>();
    expect(licence).toMatchObject({ organisation_id: orgId, plan_type: 'pro', is_active: true, revoked_at: null });
    expect(licence.limits).toEqual(PLANS.pro.limits);
    expect(licence.features).toEqual(planFeatureMap('pro'));
    const days = (Date.parse(licence.expires_at) - Date.parse(licence.issued_at)) / 86_400_000;
    expect(days).toBe(365);

    const listed = await list(orgId);
    expect(listed.statusCode).toBe(200);
    const rows = listed.json<Licence[]>();
    expect(rows.map((l) => l.id)).toEqual([licence.id, first.json<Licence>().id]);

    const publicKey = parsePublicKey((await t.app.inject({ method: 'GET', url: '/api/licenses/public-key' })).body);
    for (const row of rows) expect(verifyLicenceSignature(row, row.signature, publicKey)).toBe(true);
    expect(verifyLicenceSignature({ ...licence, plan_type: 'enterprise' }, licence.signature, publicKey)).toBe(false);
    expect(
      verifyLicenceSignature({ ...licence, limits: { ...licence.limits, max_hosts: -1 } }, licence.signature, publicKey),
    ).toBe(false);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'licence.generate'), eq(auditEvents.target, licence.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, organisationId: orgId, outcome: 'success' });
  });

  it('defaults to a free licence of 365 days', async () => {
    const res = await generate({ organisation_id: orgId });
    expect(res.statusCode).toBe(201);
    const l = res.json<Licence>();
    expect(l.plan_type).toBe('free');
    expect(l.limits).toEqual(PLANS.free.limits);
    expect((Date.parse(l.expires_at) - Date.parse(l.issued_at)) / 86_400_000).toBe(365);
  });

  it('refuses generate and revoke to non-admins (403) and hides other organisations (404)', async () => {
    expect((await generate({ organisation_id: orgId, plan_type: 'pro', duration_days: 10 }, member.auth)).statusCode).toBe(403);
    const [some] = (await list(orgId)).json<Licence[]>();
    const res = await revokeUnproven(some!.id, { reason: 'no' }, member.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
    // Refused before the body is read: a non-admin learns nothing about what a valid request looks like.
    expect((await generate({ organisation_id: orgId, plan_type: 'pro', duration_days: 0 }, member.auth)).statusCode).toBe(403);
    expect((await revokeUnproven(some!.id, { reason: '' }, member.auth)).statusCode).toBe(403);

    const hidden = await list(orgId, outsider.auth);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ detail: 'Organisation not found' });
    // Same answer as for an organisation that does not exist, for admins too.
    expect((await list('00000000-0000-4000-8000-000000000000', outsider.auth)).statusCode).toBe(404);
    expect((await list('00000000-0000-4000-8000-000000000000', admin.auth)).statusCode).toBe(404);
    expect((await list(orgId, admin.auth)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/licenses/${orgId}` })).statusCode).toBe(401);
  });

  it('validates generate input with 400 {detail}', async () => {
    for (const duration_days of [0, 3651, 1.5, '30']) {
      const res = await generate({ organisation_id: orgId, plan_type: 'pro', duration_days });
      expect(res.statusCode, String(duration_days)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
    expect((await generate({ organisation_id: orgId, plan_type: 'platinum', duration_days: 10 })).statusCode).toBe(400);
    expect((await generate({ organisation_id: 'nope', plan_type: 'pro', duration_days: 10 })).statusCode).toBe(400);
    expect((await generate({ organisation_id: orgId, plan_type: 'pro', duration_days: 1 })).statusCode).toBe(201);
    expect((await generate({ organisation_id: orgId, plan_type: 'pro', duration_days: 3650 })).statusCode).toBe(201);
    const missingOrg = await generate({
      organisation_id: '00000000-0000-4000-8000-000000000000',
      plan_type: 'pro',
      duration_days: 10,
    });
    expect(missingOrg.statusCode).toBe(404);
  });

  it('revokes with a reason, records who/when/why, and answers 409 the second time', async () => {
    const l = (await generate({ organisation_id: orgId, plan_type: 'enterprise', duration_days: 90 })).json<Licence>();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, undefined]) {
      const res = await revoke(l.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
    // A valid revoke asks for a step-up first, and revokes nothing until it is proven.
    const unproven = await revokeUnproven(l.id, { reason: 'Customer cancelled' });
    expect(unproven.statusCode).toBe(401);
    expect(unproven.json()).toMatchObject({ code: 'step_up_required', methods: ['webauthn', 'recovery'] });
    expect((await list(orgId)).json<Licence[]>().find((x) => x.id === l.id)).toMatchObject({ is_active: true });
    const ok = await revoke(l.id, { reason: 'Customer cancelled' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      id: l.id,
      is_active: false,
      revoked_by: admin.user.id,
      revoke_reason: 'Customer cancelled',
    });
    expect(Date.now() - Date.parse(ok.json<Licence>().revoked_at!)).toBeLessThan(60_000);

    const again = await revoke(l.id, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_revoked' });
    expect((await revoke('00000000-0000-4000-8000-000000000000', { reason: 'x' })).statusCode).toBe(404);

    const listed = (await list(orgId)).json<Licence[]>().find((x) => x.id === l.id);
    expect(listed).toMatchObject({ is_active: false, revoke_reason: 'Customer cancelled' });
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, l.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['licence.generate', 'licence.revoke']);
  });

  it('two concurrent revokes: exactly one wins, the other answers 409', async () => {
    const l = (await generate({ organisation_id: orgId, plan_type: 'pro', duration_days: 5 })).json<Licence>();
    // Each request with its own proof (a proof is bound to its request and spent once), then both at once.
    const requests = [revokeRequest(l.id, { reason: 'first' }), revokeRequest(l.id, { reason: 'second' })];
    const proofs = [await revokeProof(requests[0]!), await revokeProof(requests[1]!)];
    const answers = await Promise.all(
      requests.map((request, i) => t.app.inject({ ...request, headers: { ...admin.auth, 'x-step-up': proofs[i]! } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.database.db.select().from(licences).where(eq(licences.id, l.id));
    expect(['first', 'second']).toContain(row?.revokeReason);
  });

  it('effective plan: newest active licence, else Free once it expires or is revoked', async () => {
    const db = t.database.db;
    const org = await buildOrganisation(db);
    expect(await getEffectivePlan(db, org.id)).toEqual({
      plan: 'free',
      limits: PLANS.free.limits,
      licenceId: null,
      trialEndsAt: null,
    });
    const pro = (await generate({ organisation_id: org.id, plan_type: 'pro', duration_days: 1 })).json<Licence>();
    expect(await getEffectivePlan(db, org.id)).toEqual({
      plan: 'pro',
      limits: PLANS.pro.limits,
      licenceId: pro.id,
      trialEndsAt: null,
    });

    // Two days later the one-day licence has expired: back to Free limits, and listed as inactive.
    const later = new Date(Date.now() + 2 * 86_400_000);
    expect(await getEffectivePlan(db, org.id, later)).toEqual({
      plan: 'free',
      limits: PLANS.free.limits,
      licenceId: null,
      trialEndsAt: null,
    });
    await db
      .update(licences)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(licences.id, pro.id));
    expect((await getEffectivePlan(db, org.id)).plan).toBe('free');
    const [expired] = (await list(org.id, admin.auth)).json<Licence[]>();
    expect(expired).toMatchObject({ id: pro.id, is_active: false, revoked_at: null });

    const ess = (await generate({ organisation_id: org.id, plan_type: 'essential', duration_days: 30 })).json<Licence>();
    expect((await getEffectivePlan(db, org.id)).licenceId).toBe(ess.id);
    expect((await revoke(ess.id, { reason: 'test' })).statusCode).toBe(200);
    expect((await getEffectivePlan(db, org.id)).plan).toBe('free');
  });

  it('the host limit follows the effective plan: an expired Pro licence means Free (1 host) again', async () => {
    const db = t.database.db;
    const owner = await buildUser(db, { role: 'user', orgRole: 'owner' });
    const org = owner.user.organisationId!;
    await db.insert(hosts).values({
      organisationId: org,
      name: 'existing',
      pveUrl: 'https://127.0.0.1:8006',
      pveNode: 'pve',
      username: 'root@pam',
      authType: 'password',
      secretEncrypted: 'not-used-by-this-test',
    });
    // Nothing listens on port 1: past the limit check, the add fails on the connection instead.
    const addHost = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: owner.auth,
        payload: {
          name: 'second',
          pve_url: 'https://127.0.0.1:1',
          pve_node: 'pve',
          user: 'root@pam',
          auth_type: 'password',
          password: 'x',
        },
      });
    const pro = (await generate({ organisation_id: org, plan_type: 'pro', duration_days: 30 })).json<Licence>();
    const withPro = await addHost();
    expect(withPro.statusCode, withPro.body).toBe(422);
    expect(withPro.json<{ code: string }>().code).toBe('host_connect_failed');

    await db
      .update(licences)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(licences.id, pro.id));
    const expired = await addHost();
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'plan_limit' });
  });

  it('lists organisations with member counts for admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/organisations', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const mine = res.json<{ id: string; name: string; member_count: number }[]>().find((o) => o.id === orgId);
    expect(mine?.member_count).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/organisations', headers: member.auth })).statusCode).toBe(403);
  });
});
