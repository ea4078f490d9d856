import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MfaChallenge, MfaStatus, Passkey, StepUpRequired } from '@proxai/contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { codeIn } from '../auth/auth.testing';
import { SoftAuthenticator } from './soft-authenticator';
import { enrolmentBearer, withEmailStepUp, sender } from './step-up.testing';

type Auth = { authorization: string };
type Options = { challenge: string; rpId?: string; rp: { id?: string }; user: { id: string } };

/**
 * `inject` comes with `Host: localhost:80`: the relying party is `localhost`, and the origin a browser would
 * write (no default port) is `http://localhost`.
 */
const ORIGIN = new URL('http://localhost:80').origin;

describe('passkeys (WebAuthn) with a software authenticator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const send = sender(() => t.app);
  type Person = { auth: Auth; user: { email: string } };
  /** A registration's options: for a session, after a step-up by e-mailed code (these people have no factor yet). */
  const registrationOptions = async ({ auth, user }: Person) => {
    const res = await withEmailStepUp(t.app, auth, user.email, { method: 'POST', url: '/api/auth/passkeys/options' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Options>();
  };
  /** Registers a new software passkey for the person (by their session, or by an enrolment step's bearer). */
  const registerKey = async (person: Person, name = 'Laptop') => {
    const { auth } = person;
    const key = new SoftAuthenticator(ORIGIN);
    const res = await send(auth, 'POST', '/api/auth/passkeys', { name, response: key.create(await registrationOptions(person)) });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ passkey: Passkey; recovery_codes: string[] | null }>();
    trackSecret(...(body.recovery_codes ?? []));
    return { key, passkey: body.passkey, recoveryCodes: body.recovery_codes };
  };
  const signInOptions = async () => {
    const res = await send(undefined, 'POST', '/api/auth/passkey/options');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ challenge_id: string; options: Options }>();
    trackSecret(body.challenge_id);
    return body;
  };
  const mfa = async (auth: Auth) => (await send(auth, 'GET', '/api/auth/mfa')).json<MfaStatus>();
  const stepUpChallenge = async (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(401);
    const body = res.json<StepUpRequired>();
    expect(body.code).toBe('step_up_required');
    return body;
  };

  it('registers a passkey (listed with the factors) and signs in with it without an e-mail', async () => {
    const person = await buildUser(db());
    const options = await registrationOptions(person);
    expect(options).toMatchObject({
      challenge: expect.any(String),
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required' },
    });
    // An answer made on another origin (a phishing page) is refused.
    const phished = new SoftAuthenticator('https://evil.example').create(options);
    const refused = await send(person.auth, 'POST', '/api/auth/passkeys', { name: 'Evil', response: phished });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_factor' });

    const { key, passkey, recoveryCodes } = await registerKey(person);
    expect(passkey).toEqual({ id: expect.any(String), name: 'Laptop', created_at: expect.any(String), last_used_at: null });
    // The first factor brings ten recovery codes.
    expect(recoveryCodes).toHaveLength(10);
    const status = await mfa(person.auth);
    expect(status).toMatchObject({ totp: false, recovery_codes_left: 10, required_by: null });
    expect(status.passkeys).toEqual([passkey]);
    const me = await send(person.auth, 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ mfa_enabled: true });

    const { challenge_id, options: request } = await signInOptions();
    expect(request).toMatchObject({ challenge: expect.any(String), rpId: 'localhost', userVerification: 'required' });
    const assertion = key.get(request);
    const signedIn = await send(undefined, 'POST', '/api/auth/passkey/sign-in', { challenge_id, response: assertion });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const answer = signedIn.json<{ access_token: string; user: { id: string } }>();
    expect(answer.user.id).toBe(person.user.id);
    const session = { authorization: `Bearer ${answer.access_token}` };
    expect((await send(session, 'GET', '/api/auth/me')).json()).toMatchObject({ id: person.user.id, email: person.user.email });
    expect((await mfa(person.auth)).passkeys[0]?.last_used_at).toEqual(expect.any(String));

    // The same assertion again: refused, with its own challenge and with a new one.
    const replayed = await send(undefined, 'POST', '/api/auth/passkey/sign-in', { challenge_id, response: assertion });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'invalid_factor' });
    const fresh = await signInOptions();
    const moved = await send(undefined, 'POST', '/api/auth/passkey/sign-in', {
      challenge_id: fresh.challenge_id,
      response: assertion,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ code: 'invalid_factor' });
  });

  it('refuses an assertion made for another challenge, and one without user verification', async () => {
    const person = await buildUser(db());
    const { key } = await registerKey(person);
    const first = await signInOptions();
    const second = await signInOptions();
    const forFirst = key.get(first.options);
    const crossed = await send(undefined, 'POST', '/api/auth/passkey/sign-in', {
      challenge_id: second.challenge_id,
      response: forFirst,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ code: 'invalid_factor' });

    // User presence only (no PIN or biometrics): not enough to sign in without an e-mail.
    const presenceOnly = key.get(first.options, 0x01);
    const noUv = await send(undefined, 'POST', '/api/auth/passkey/sign-in', {
      challenge_id: first.challenge_id,
      response: presenceOnly,
    });
    expect(noUv.statusCode).toBe(400);
    expect(noUv.json()).toMatchObject({ code: 'invalid_factor' });

    // A passkey nobody registered names no one.
    const unknown = new SoftAuthenticator(ORIGIN);
    const third = await signInOptions();
    const stranger = await send(undefined, 'POST', '/api/auth/passkey/sign-in', {
      challenge_id: third.challenge_id,
      response: unknown.get(third.options),
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ code: 'invalid_factor' });
  });

  it('is the second factor of an e-mail sign-in: mfa_required with passkey options, answered by an assertion', async () => {
    const person = await buildUser(db());
    const { key } = await registerKey(person);
    const email = person.user.email;
    const signIn = async () => {
      expect((await send(undefined, 'POST', '/api/auth/magic-link', { email, language: 'en' })).statusCode).toBe(200);
      const code = codeIn(t.app.mailer.outbox.filter((m) => m.to === email).at(-1)?.text ?? '');
      trackSecret(code);
      const res = await send(undefined, 'POST', '/api/auth/verify-otp', { email, otp_code: code });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<MfaChallenge & { access_token?: string }>();
      trackSecret(body.mfa_token);
      return body;
    };
    const step = await signIn();
    expect(step).toMatchObject({ code: 'mfa_required', mfa_token: expect.any(String) });
    expect(step.access_token).toBeUndefined();
    expect(step.methods).toEqual(expect.arrayContaining(['webauthn', 'recovery']));
    expect(step.methods).not.toContain('totp');
    const webauthn = step.webauthn as unknown as Options & { allowCredentials: { id: string }[] };
    expect(webauthn.allowCredentials.map((c) => c.id)).toEqual([key.id]);

    // Someone else's passkey does not answer it (a wrong answer, the step stays open).
    const other = await buildUser(db());
    const otherKey = (await registerKey(other)).key;
    const wrongKey = await send(undefined, 'POST', '/api/auth/mfa/verify', {
      mfa_token: step.mfa_token,
      webauthn_response: otherKey.get(webauthn),
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json()).toMatchObject({ code: 'invalid_factor' });

    const assertion = key.get(webauthn);
    const done = await send(undefined, 'POST', '/api/auth/mfa/verify', {
      mfa_token: step.mfa_token,
      webauthn_response: assertion,
    });
    expect(done.statusCode, done.body).toBe(200);
    const { access_token, user } = done.json<{ access_token: string; user: { id: string } }>();
    expect(user.id).toBe(person.user.id);
    expect((await send({ authorization: `Bearer ${access_token}` }, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const again = await send(undefined, 'POST', '/api/auth/mfa/verify', {
      mfa_token: step.mfa_token,
      webauthn_response: assertion,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'mfa_token_invalid' });

    // A new sign-in's challenge is not answered by the previous assertion.
    const next = await signIn();
    const stale = await send(undefined, 'POST', '/api/auth/mfa/verify', {
      mfa_token: next.mfa_token,
      webauthn_response: assertion,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'invalid_factor' });
  });

  it('proves a step-up, once', async () => {
    const person = await buildUser(db());
    const { key } = await registerKey(person);
    const hostId = randomUUID();
    const asked = await stepUpChallenge(await send(person.auth, 'DELETE', `/api/hosts/${hostId}`));
    expect(asked.methods).toEqual(expect.arrayContaining(['webauthn', 'recovery']));
    expect(asked.methods).not.toContain('email');
    const webauthn = asked.webauthn as unknown as Options;
    expect(webauthn).toMatchObject({ challenge: expect.any(String), rpId: 'localhost' });

    const assertion = key.get(webauthn);
    const proof = await send(person.auth, 'POST', '/api/auth/step-up', {
      challenge: asked.challenge,
      webauthn_response: assertion,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const token = proof.json<{ step_up_token: string }>().step_up_token;
    trackSecret(token);
    // The challenge is answered: neither the same assertion nor a fresh one answers it again.
    for (const response of [assertion, key.get(webauthn)]) {
      const twice = await send(person.auth, 'POST', '/api/auth/step-up', {
        challenge: asked.challenge,
        webauthn_response: response,
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ code: 'invalid_factor' });
    }
    expect((await send(person.auth, 'DELETE', `/api/hosts/${hostId}`, undefined, token)).statusCode).toBe(404);
    await stepUpChallenge(await send(person.auth, 'DELETE', `/api/hosts/${hostId}`, undefined, token));

    // The previous assertion does not answer the next challenge.
    const next = await stepUpChallenge(await send(person.auth, 'DELETE', `/api/hosts/${hostId}`));
    const stale = await send(person.auth, 'POST', '/api/auth/step-up', {
      challenge: next.challenge,
      webauthn_response: assertion,
    });
    expect(stale.statusCode).toBe(400);
  });

  it('renames and removes a passkey (after a step-up); a platform administrator keeps their last factor', async () => {
    const person = await buildUser(db());
    const { key, passkey } = await registerKey(person);
    const renamed = await send(person.auth, 'PATCH', `/api/auth/passkeys/${passkey.id}`, { name: '  Phone ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Phone' });
    const other = await buildUser(db());
    expect((await send(other.auth, 'PATCH', `/api/auth/passkeys/${passkey.id}`, { name: 'Mine' })).statusCode).toBe(404);

    const url = `/api/auth/passkeys/${passkey.id}`;
    const asked = await stepUpChallenge(await send(person.auth, 'DELETE', url));
    const proof = await send(person.auth, 'POST', '/api/auth/step-up', {
      challenge: asked.challenge,
      webauthn_response: key.get(asked.webauthn as unknown as Options),
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const removed = await send(person.auth, 'DELETE', url, undefined, proof.json<{ step_up_token: string }>().step_up_token);
    expect(removed.statusCode, removed.body).toBe(200);
    // Without a factor left, the recovery codes go too.
    expect(await mfa(person.auth)).toMatchObject({ passkeys: [], recovery_codes_left: 0 });

    const admin = await buildUser(db(), { role: 'admin', organisationId: null });
    // An administrator enrols a factor at their first sign-in (an enrolment step, not a session).
    const adminKey = await registerKey({ auth: await enrolmentBearer(db(), admin.user.id), user: admin.user }, 'Admin key');
    expect((await mfa(admin.auth)).required_by).toBe('platform');
    // Administrators sign in with their password: their passkey does not replace it.
    const options = await signInOptions();
    const passwordless = await send(undefined, 'POST', '/api/auth/passkey/sign-in', {
      challenge_id: options.challenge_id,
      response: adminKey.key.get(options.options),
    });
    expect(passwordless.statusCode).toBe(403);
    expect(passwordless.json()).toMatchObject({ code: 'admin_password_required' });

    const adminUrl = `/api/auth/passkeys/${adminKey.passkey.id}`;
    const adminAsked = await stepUpChallenge(await send(admin.auth, 'DELETE', adminUrl));
    const adminProof = await send(admin.auth, 'POST', '/api/auth/step-up', {
      challenge: adminAsked.challenge,
      webauthn_response: adminKey.key.get(adminAsked.webauthn as unknown as Options),
    });
    expect(adminProof.statusCode, adminProof.body).toBe(200);
    const kept = await send(
      admin.auth,
      'DELETE',
      adminUrl,
      undefined,
      adminProof.json<{ step_up_token: string }>().step_up_token,
    );
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ code: 'mfa_required_by_policy' });
    expect((await mfa(admin.auth)).passkeys.map((k) => k.id)).toEqual([adminKey.passkey.id]);
  });
});
