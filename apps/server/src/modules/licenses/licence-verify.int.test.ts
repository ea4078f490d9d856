import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Licence } from '@proxai/contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildPlatformAdmin } from '../mfa/step-up.testing';
import { PRIVATE_KEY_FILE, PUBLIC_KEY_FILE } from './licence-signing';

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
    const admin = await buildPlatformAdmin(t.app, t.database.db, { organisationId: undefined });
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
    // A revoke asks for a step-up: the administrator answers it with their passkey.
    const afterRevoke = await admin.stepUp({
      method: 'POST',
      url: `/api/admin/licenses/${revoked.id}/revoke`,
      payload: { reason: 'Contract ended' },
    });
    expect(afterRevoke.statusCode, afterRevoke.body).toBe(200);
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
