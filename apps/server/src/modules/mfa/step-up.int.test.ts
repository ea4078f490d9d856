import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MfaStatus, StepUpRequired } from '@proxai/contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { codeIn } from '../auth/auth.testing';
import { createSession } from '../sessions/sessions.service';
import { currentStep, totpCode, withEmailStepUp, sender } from './step-up.testing';

type Auth = { authorization: string };

describe('step-up: a fresh second-factor check bound to one request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const send = sender(() => t.app);
  /** Deleting a host is sensitive: the step-up comes before the host is looked up (an unknown one then answers 404). */
  const deleteHost = (auth: Auth, id: string, stepUp?: string) => send(auth, 'DELETE', `/api/hosts/${id}`, undefined, stepUp);
  const challengeOf = (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(401);
    const body = res.json<StepUpRequired>();
    expect(body.code).toBe('step_up_required');
    return body;
  };
  const stepUp = (auth: Auth, payload: Record<string, unknown>) => send(auth, 'POST', '/api/auth/step-up', payload);
  /** Mails the code of a challenge to `email` and answers it. */
  const mailedCode = async (auth: Auth, email: string, challenge: string) => {
    const mailed = await send(auth, 'POST', '/api/auth/step-up/email', { challenge });
    expect(mailed.statusCode, mailed.body).toBe(200);
    const mail = t.app.mailer.outbox.filter((m) => m.to === email).at(-1);
    const code = codeIn(mail?.text ?? '');
    trackSecret(code);
    return code;
  };
  /** A step-up proof by e-mailed code for `challenge`. */
  const proofByEmail = async (auth: Auth, email: string, challenge: string) => {
    const code = await mailedCode(auth, email, challenge);
    const proof = await stepUp(auth, { challenge, code, method: 'email' });
    expect(proof.statusCode, proof.body).toBe(200);
    const token = proof.json<{ step_up_token: string }>().step_up_token;
    trackSecret(token);
    return token;
  };
  /** A person with a confirmed authenticator app: its secret, the step its confirming code used, its recovery codes. */
  const withTotp = async () => {
    const person = await buildUser(db());
    // Adding a factor is stepped up: someone without one yet confirms by an e-mailed code.
    const setup = await withEmailStepUp(t.app, person.auth, person.user.email, {
      method: 'POST',
      url: '/api/auth/mfa/totp/setup',
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
    trackSecret(secret);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const step = currentStep();
    const confirm = await send(person.auth, 'POST', '/api/auth/mfa/totp/confirm', { code: totpCode(secret, step) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const recoveryCodes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
    trackSecret(...recoveryCodes);
    expect(recoveryCodes).toHaveLength(10);
    return { ...person, secret, step, recoveryCodes };
  };

  it('without a factor: 401 with a challenge and the e-mail method; the mailed code gives a proof for that one request, once', async () => {
    const { auth, user } = await buildUser(db());
    const hostId = randomUUID();
    const first = challengeOf(await deleteHost(auth, hostId));
    expect(first).toEqual({
      code: 'step_up_required',
      detail: expect.any(String),
      challenge: expect.any(String),
      methods: ['email'],
      webauthn: null,
    });
    trackSecret(first.challenge);

    // No code was mailed yet: nothing to answer with.
    const early = await stepUp(auth, { challenge: first.challenge, code: '123456', method: 'email' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'invalid_factor' });
    const code = await mailedCode(auth, user.email, first.challenge);
    const wrong = await stepUp(auth, {
      challenge: first.challenge,
      code: code === '000000' ? '000001' : '000000',
      method: 'email',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_factor' });
    const proof = await stepUp(auth, { challenge: first.challenge, code, method: 'email' });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json()).toEqual({ step_up_token: expect.any(String), expires_at: expect.any(String) });
    const token = proof.json<{ step_up_token: string }>().step_up_token;
    trackSecret(token);
    expect(new Date(proof.json<{ expires_at: string }>().expires_at).getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    // A challenge is answered once.
    const answeredTwice = await stepUp(auth, { challenge: first.challenge, code, method: 'email' });
    expect(answeredTwice.statusCode).toBe(400);
    expect(answeredTwice.json()).toMatchObject({ code: 'invalid_factor' });

    // Made for another request (another path): refused with a new challenge.
    const other = challengeOf(await deleteHost(auth, randomUUID(), token));
    expect(other.challenge).not.toBe(first.challenge);
    expect(other.methods).toEqual(['email']);
    // The request it was made for goes through (the host is unknown: 404), once.
    const done = await deleteHost(auth, hostId, token);
    expect(done.statusCode, done.body).toBe(404);
    const replayed = challengeOf(await deleteHost(auth, hostId, token));
    expect(replayed.challenge).not.toBe(first.challenge);
  });

  it('a proof is bound to the request’s body', async () => {
    const owner = await buildUser(db());
    const member = await buildUser(db(), { organisationId: owner.user.organisationId, orgRole: 'operator' });
    const url = `/api/members/${member.user.id}`;
    const asked = challengeOf(await send(owner.auth, 'PATCH', url, { role: 'admin' }));
    const token = await proofByEmail(owner.auth, owner.user.email, asked.challenge);
    const otherBody = challengeOf(await send(owner.auth, 'PATCH', url, { role: 'readonly' }, token));
    expect(otherBody.challenge).not.toBe(asked.challenge);
    const done = await send(owner.auth, 'PATCH', url, { role: 'admin' }, token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user_id: member.user.id, role: 'admin' });
  });

  it('a proof belongs to the session that asked for it', async () => {
    const person = await buildUser(db());
    const other = await createSession(db(), person.user.id);
    trackSecret(other.token);
    const otherAuth = { authorization: `Bearer ${other.token}` };
    const hostId = randomUUID();
    const asked = challengeOf(await deleteHost(person.auth, hostId));

    // Another session of the same person can neither answer this challenge nor use its proof.
    const mailFromOther = await send(otherAuth, 'POST', '/api/auth/step-up/email', { challenge: asked.challenge });
    expect(mailFromOther.statusCode).toBe(400);
    expect(mailFromOther.json()).toMatchObject({ code: 'invalid_factor' });
    const token = await proofByEmail(person.auth, person.user.email, asked.challenge);
    challengeOf(await deleteHost(otherAuth, hostId, token));
    // Nor can another person in the same organisation.
    const colleague = await buildUser(db(), { organisationId: person.user.organisationId, orgRole: 'owner' });
    challengeOf(await deleteHost(colleague.auth, hostId, token));
    // The session it was made for still can.
    expect((await deleteHost(person.auth, hostId, token)).statusCode).toBe(404);
  });

  it('with an authenticator app: no e-mail method, a TOTP code works once, a recovery code works once', async () => {
    const person = await withTotp();
    const status = (await send(person.auth, 'GET', '/api/auth/mfa')).json<MfaStatus>();
    expect(status).toMatchObject({ totp: true, passkeys: [], recovery_codes_left: 10, required_by: null });

    const hostId = randomUUID();
    const asked = challengeOf(await deleteHost(person.auth, hostId));
    expect(asked.methods).toContain('totp');
    expect(asked.methods).toContain('recovery');
    expect(asked.methods).not.toContain('email');
    expect(asked.webauthn).toBeNull();
    // An e-mailed code is for people without a factor only (the mails so far: the setup's code, the app added).
    const mailed = t.app.mailer.outbox.filter((m) => m.to === person.user.email).length;
    const mail = await send(person.auth, 'POST', '/api/auth/step-up/email', { challenge: asked.challenge });
    expect(mail.statusCode).toBe(400);
    expect(mail.json()).toMatchObject({ code: 'invalid_factor' });
    expect(t.app.mailer.outbox.filter((m) => m.to === person.user.email)).toHaveLength(mailed);
    const byEmail = await stepUp(person.auth, { challenge: asked.challenge, code: '123456', method: 'email' });
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json()).toMatchObject({ code: 'invalid_factor' });

    // The next time step's code (the confirmation used this one): accepted once.
    const code = totpCode(person.secret, person.step + 1);
    const proof = await stepUp(person.auth, { challenge: asked.challenge, code });
    expect(proof.statusCode, proof.body).toBe(200);
    expect((await deleteHost(person.auth, hostId, proof.json<{ step_up_token: string }>().step_up_token)).statusCode).toBe(404);

    const again = challengeOf(await deleteHost(person.auth, hostId));
    const reused = await stepUp(person.auth, { challenge: again.challenge, code, method: 'totp' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'invalid_factor' });
    // The confirmation's own (older) code is spent too.
    const older = await stepUp(person.auth, { challenge: again.challenge, code: totpCode(person.secret, person.step) });
    expect(older.json()).toMatchObject({ code: 'invalid_factor' });

    const recovery = person.recoveryCodes[0]!;
    const byRecovery = await stepUp(person.auth, {
      challenge: again.challenge,
      code: recovery.toUpperCase(),
      method: 'recovery',
    });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect((await deleteHost(person.auth, hostId, byRecovery.json<{ step_up_token: string }>().step_up_token)).statusCode).toBe(
      404,
    );
    const third = challengeOf(await deleteHost(person.auth, hostId));
    const recoveryReused = await stepUp(person.auth, { challenge: third.challenge, code: recovery });
    expect(recoveryReused.statusCode).toBe(400);
    expect(recoveryReused.json()).toMatchObject({ code: 'invalid_factor' });
    expect((await send(person.auth, 'GET', '/api/auth/mfa')).json<MfaStatus>().recovery_codes_left).toBe(9);
  });

  it('five wrong codes burn a challenge: even a right one is refused after them', async () => {
    const person = await withTotp();
    const hostId = randomUUID();
    const asked = challengeOf(await deleteHost(person.auth, hostId));
    for (let i = 0; i < 5; i++) {
      const wrong = await stepUp(person.auth, { challenge: asked.challenge, code: `wrong-code${i}`, method: 'recovery' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'invalid_factor' });
    }
    const right = person.recoveryCodes[1]!;
    const burnt = await stepUp(person.auth, { challenge: asked.challenge, code: right, method: 'recovery' });
    expect(burnt.statusCode).toBe(400);
    expect(burnt.json()).toMatchObject({ code: 'invalid_factor' });
    // The refused answer did not spend the recovery code: a new challenge takes it.
    expect((await send(person.auth, 'GET', '/api/auth/mfa')).json<MfaStatus>().recovery_codes_left).toBe(10);
    const fresh = challengeOf(await deleteHost(person.auth, hostId));
    const proof = await stepUp(person.auth, { challenge: fresh.challenge, code: right, method: 'recovery' });
    expect(proof.statusCode, proof.body).toBe(200);
    expect((await deleteHost(person.auth, hostId, proof.json<{ step_up_token: string }>().step_up_token)).statusCode).toBe(404);
  });

  it('without a factor, five wrong e-mailed codes burn the challenge', async () => {
    const { auth, user } = await buildUser(db());
    const asked = challengeOf(await deleteHost(auth, randomUUID()));
    const code = await mailedCode(auth, user.email, asked.challenge);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await stepUp(auth, { challenge: asked.challenge, code: wrong, method: 'email' })).statusCode).toBe(400);
    }
    const burnt = await stepUp(auth, { challenge: asked.challenge, code, method: 'email' });
    expect(burnt.statusCode).toBe(400);
    expect(burnt.json()).toMatchObject({ code: 'invalid_factor' });
    const remail = await send(auth, 'POST', '/api/auth/step-up/email', { challenge: asked.challenge });
    expect(remail.statusCode).toBe(400);
  });
});
