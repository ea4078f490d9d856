import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, planFeatureMap, type Licence } from '@proxai/contract';
import { auditEvents, hosts, licences } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildOrganisation, buildUser } from '../../testing/factories';
import { parsePublicKey, verifyLicenceSignature } from './licence-canonical';
import { PRIVATE_KEY_FILE, PUBLIC_KEY_FILE } from './licence-signing';
import { getEffectivePlan } from './licenses.service';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../cli/licence-verify.ts');
// By absolute URL: the CLI runs in other directories, where a bare `tsx` would not resolve.
const TSX = pathToFileURL(path.resolve(here, '../../../../../node_modules/tsx/dist/loader.mjs')).href;

/**
 * Runs the licence:verify CLI from source in `cwd` (its default DATA_DIR is ./data there); resolves with
 * its exit code and output.
 */
async function verifyCli(args: string[], cwd = os.tmpdir()) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX, CLI, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.each(TEST_DATABASE_KINDS)('licences on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof buildUser>>;
  let member: Awaited<ReturnType<typeof buildUser>>;
  let outsider: Awaited<ReturnType<typeof buildUser>>;
  let orgId: string;

  const generate = (body: Record<string, unknown>, headers = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/admin/licenses/generate', headers, payload: body });
  const revoke = (id: string, body: unknown, headers = admin.auth) =>
    t.app.inject({ method: 'POST', url: `/api/admin/licenses/${id}/revoke`, headers, payload: body as object });
  const list = (org: string, headers = member.auth) =>
    t.app.inject({ method: 'GET', url: `/api/admin/licenses/${org}`, headers });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-licences-'));
    t = await createTestApp({ database: kind, env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' } });
    const db = t.database.db;
    const org = await buildOrganisation(db);
    orgId = org.id;
    admin = await buildUser(db, { role: 'admin', organisationId: null });
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
    const res = await revoke(some!.id, { reason: 'no' }, member.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
    // Refused before the body is read: a non-admin learns nothing about what a valid request looks like.
    expect((await generate({ organisation_id: orgId, plan_type: 'pro', duration_days: 0 }, member.auth)).statusCode).toBe(403);
    expect((await revoke(some!.id, { reason: '' }, member.auth)).statusCode).toBe(403);

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
    const answers = await Promise.all([revoke(l.id, { reason: 'first' }), revoke(l.id, { reason: 'second' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.database.db.select().from(licences).where(eq(licences.id, l.id));
    expect(['first', 'second']).toContain(row?.revokeReason);
  });

  it('effective plan: newest active licence, else Free once it expires or is revoked', async () => {
    const db = t.database.db;
    const org = await buildOrganisation(db);
    expect(await getEffectivePlan(db, org.id)).toEqual({ plan: 'free', limits: PLANS.free.limits, licenceId: null });
    const pro = (await generate({ organisation_id: org.id, plan_type: 'pro', duration_days: 1 })).json<Licence>();
    expect(await getEffectivePlan(db, org.id)).toEqual({ plan: 'pro', limits: PLANS.pro.limits, licenceId: pro.id });

    // Two days later the one-day licence has expired: back to Free limits, and listed as inactive.
    const later = new Date(Date.now() + 2 * 86_400_000);
    expect(await getEffectivePlan(db, org.id, later)).toEqual({ plan: 'free', limits: PLANS.free.limits, licenceId: null });
    await db
      .update(licences)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(licences.id, pro.id));
    expect((await getEffectivePlan(db, org.id)).plan).toBe('free');
    const [expired] = (await list(org.id, admin.auth)).json<Licence[]>();
    expect(expired).toMatchObject({ id: pro.id, is_active: false, revoked_at: null });

    const ess = (await generate({ organisation_id: org.id, plan_type: 'essential', duration_days: 30 })).json<Licence>();
    expect((await getEffectivePlan(db, org.id)).licenceId).toBe(ess.id);
    await revoke(ess.id, { reason: 'test' });
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

describe('licence:verify CLI and PROXAI_LICENSE_KEY', () => {
  let t: TestApp;
  let dir: string;
  let licence: Licence;
  let keyPem: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-licence-cli-'));
    const { generateKeyPairSync } = await import('node:crypto');
    keyPem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    t = await createTestApp({
      env: { DATA_DIR: path.join(dir, 'data'), PROXAI_LICENSE_KEY: keyPem, RATE_LIMIT_ENABLED: 'false' },
    });
    const admin = await buildUser(t.database.db, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses/generate',
      headers: admin.auth,
      payload: { organisation_id: admin.user.organisationId, plan_type: 'pro', duration_days: 365 },
    });
    licence = res.json<Licence>();
    const revoked = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/licenses/generate',
        headers: admin.auth,
        payload: { organisation_id: admin.user.organisationId, plan_type: 'essential', duration_days: 10 },
      })
    ).json<Licence>();
    const afterRevoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/licenses/${revoked.id}/revoke`,
      headers: admin.auth,
      payload: { reason: 'Contract ended' },
    });
    const download_date = new Date().toISOString();
    fs.writeFileSync(path.join(dir, 'valid.json'), JSON.stringify({ ...licence, download_date }, null, 2));
    fs.writeFileSync(path.join(dir, 'tampered.json'), JSON.stringify({ ...licence, plan_type: 'enterprise', download_date }));
    fs.writeFileSync(
      path.join(dir, 'tampered-limits.json'),
      JSON.stringify({ ...licence, limits: { ...licence.limits, max_hosts: -1 }, download_date }),
    );
    fs.writeFileSync(path.join(dir, 'revoked.json'), JSON.stringify({ ...afterRevoke.json<Licence>(), download_date }));
    // The revoked file with its revocation erased, as someone keeping a revoked licence alive would try.
    fs.writeFileSync(
      path.join(dir, 'unrevoked.json'),
      JSON.stringify({ ...afterRevoke.json<Licence>(), revoked_at: null, revoked_by: null, revoke_reason: null, download_date }),
    );
    fs.writeFileSync(
      path.join(dir, 'public.json'),
      (await t.app.inject({ method: 'GET', url: '/api/licenses/public-key' })).body,
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses the key from PROXAI_LICENSE_KEY and writes no private key file', async () => {
    const answer = (await t.app.inject({ method: 'GET', url: '/api/licenses/public-key' })).json<{ public_key_pem: string }>();
    const { createPublicKey } = await import('node:crypto');
    expect(answer.public_key_pem).toBe(createPublicKey(keyPem).export({ format: 'pem', type: 'spki' }).toString());
    expect(fs.existsSync(path.join(dir, 'data', PRIVATE_KEY_FILE))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'data', PUBLIC_KEY_FILE), 'utf8')).toBe(answer.public_key_pem);
  });

  it('accepts a valid file (public key from DATA_DIR, from --public-key file, or inline base64)', async () => {
    const viaDataDir = await verifyCli([path.join(dir, 'valid.json')], dir);
    expect(viaDataDir.code, viaDataDir.stderr).toBe(0);
    expect(viaDataDir.stdout).toContain(`VALID: licence ${licence.id}, plan pro`);
    expect(viaDataDir.stdout).toContain(`not revoked as of ${licence.status_at}`);
    const viaFile = await verifyCli([path.join(dir, 'valid.json'), '--public-key', path.join(dir, 'public.json')]);
    expect(viaFile.code, viaFile.stderr).toBe(0);
    const b64 = JSON.parse(fs.readFileSync(path.join(dir, 'public.json'), 'utf8')).public_key_base64 as string;
    expect((await verifyCli([path.join(dir, 'valid.json'), '--public-key', b64])).code).toBe(0);
  });

  it('fails a tampered file, a revoked-at-download file, an expired file, and another key', async () => {
    const env = dir;
    const tampered = await verifyCli([path.join(dir, 'tampered.json')], env);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain('TAMPERED');
    expect((await verifyCli([path.join(dir, 'tampered-limits.json')], env)).code).toBe(1);

    const revoked = await verifyCli([path.join(dir, 'revoked.json')], env);
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toContain('REVOKED');
    expect(revoked.stderr).toContain('Contract ended');
    const unrevoked = await verifyCli([path.join(dir, 'unrevoked.json')], env);
    expect(unrevoked.code).toBe(1);
    expect(unrevoked.stderr).toContain('TAMPERED: the revocation status');

    // A genuinely expired licence: signed by the server's key through a licence whose dates passed.
    const { createPrivateKey } = await import('node:crypto');
    const { signLicence } = await import('./licence-canonical');
    const past = { ...licence, issued_at: '2020-01-01T00:00:00.000Z', expires_at: '2021-01-01T00:00:00.000Z' };
    const expiredFile = path.join(dir, 'expired.json');
    fs.writeFileSync(
      expiredFile,
      JSON.stringify({ ...past, signature: signLicence(past, createPrivateKey(keyPem)), download_date: past.expires_at }),
    );
    const expired = await verifyCli([expiredFile], env);
    expect(expired.code).toBe(1);
    expect(expired.stderr).toContain('EXPIRED');

    const { generateKeyPairSync } = await import('node:crypto');
    const otherKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const wrongKey = await verifyCli([path.join(dir, 'valid.json'), '--public-key', otherKey]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('TAMPERED');

    const notJson = path.join(dir, 'garbage.json');
    fs.writeFileSync(notJson, 'not json');
    expect((await verifyCli([notJson], env)).code).toBe(1);
  });

  it('answers usage errors with exit code 2', async () => {
    expect((await verifyCli([])).code).toBe(2);
    expect((await verifyCli(['a.json', 'b.json'])).code).toBe(2);
    expect((await verifyCli([path.join(dir, 'missing.json')], dir)).code).toBe(2);
    expect((await verifyCli(['--nope', 'a.json'])).code).toBe(2);
    // No key anywhere: DATA_DIR without a public key file.
    expect((await verifyCli([path.join(dir, 'valid.json')], fs.mkdtempSync(path.join(dir, 'empty-')))).code).toBe(2);
  });

  it('refuses to start with a PROXAI_LICENSE_KEY that is not an Ed25519 key, without echoing it', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    await expect(createTestApp({ env: { DATA_DIR: path.join(dir, 'rsa'), PROXAI_LICENSE_KEY: rsa } })).rejects.toThrow(
      /must be Ed25519/,
    );
    await expect(
      createTestApp({ env: { DATA_DIR: path.join(dir, 'junk'), PROXAI_LICENSE_KEY: 'x'.repeat(40) } }),
    ).rejects.toThrow(/^PROXAI_LICENSE_KEY: not a readable PKCS#8 private key/);
  });
});
