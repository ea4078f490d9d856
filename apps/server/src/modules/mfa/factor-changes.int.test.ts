import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MfaStatus, StepUpRequired } from '@proxai/contract';
import { auditEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { SoftAuthenticator } from './soft-authenticator';
import { currentStep, enrolmentBearer, totpCode, withEmailStepUp, withStepUp, type Auth, sender } from './step-up.testing';

// Issue 31 §1 (second outside review): with only a victim's session token, an attacker registered a passkey and an
// authenticator app of their own, and the app's confirmation replaced the victim's recovery codes.

describe('adding or removing a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const send = sender(() => t.app);
  const mfa = async (auth: Auth) => (await send(auth, 'GET', '/api/auth/mfa')).json<MfaStatus>();
  const mailsTo = (email: string) => t.app.mailer.outbox.filter((m) => m.to === email);
  const audited = async (userId: string, action: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, userId), eq(auditEvents.action, action)));
  const stepUpAsked = (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(401);
    const body = res.json<StepUpRequired>();
    expect(body.code).toBe('step_up_required');
    return body;
  };

  /** A person who set up an authenticator app (after a step-up by e-mailed code): its secret and recovery codes. */
  async function withAuthenticatorApp(options: { language?: string } = {}) {
    const person = await buildUser(db(), options.language ? { language: options.language } : {});
    const setup = await withEmailStepUp(t.app, person.auth, person.user.email, {
      method: 'POST',
      url: '/api/auth/mfa/totp/setup',
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    trackSecret(secret);
    const step = currentStep();
    const confirmed = await send(person.auth, 'POST', '/api/auth/mfa/totp/confirm', { code: totpCode(secret, step) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recoveryCodes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    trackSecret(...recoveryCodes);
    expect(recoveryCodes).toHaveLength(10);
    return { ...person, secret, step, recoveryCodes };
  }

  /** A step-up proof by the app's code of a later time step than any used (each step is accepted once). */
  async function proofByApp(auth: Auth, challenge: string, secret: string, step: number) {
    const proof = await send(auth, 'POST', '/api/auth/step-up', { challenge, code: totpCode(secret, step), method: 'totp' });
    expect(proof.statusCode, proof.body).toBe(200);
    return proof.json<{ step_up_token: string }>().step_up_token;
  }

  it('a session alone cannot add a passkey or an authenticator app: each asks for the factor the person has', async () => {
    const victim = await withAuthenticatorApp();
    const stolen = victim.auth; // all an attacker holds: the session token

    const options = stepUpAsked(await send(stolen, 'POST', '/api/auth/passkeys/options'));
    // The person's own factor, never an e-mailed code beside it (the mailbox may be the attacker's way in too).
    expect(options.methods).toEqual(['totp', 'recovery']);
    const mailed = await send(stolen, 'POST', '/api/auth/step-up/email', { challenge: options.challenge });
    expect(mailed.statusCode).toBe(400);
    expect(mailed.json()).toMatchObject({ code: 'invalid_factor' });
    // No registration was started: an answer made by the attacker's authenticator finds nothing to complete.
    const forged = new SoftAuthenticator('http://localhost').create({
      challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      rp: { id: 'localhost' },
      user: { id: 'AAAA' },
    });
    const added = await send(stolen, 'POST', '/api/auth/passkeys', { name: 'Attacker', response: forged });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toMatchObject({ code: 'invalid_factor' });

    // An authenticator app: the setup asks first (no secret is shown), so no confirmation can follow.
    await send(stolen, 'DELETE', '/api/auth/mfa/totp'); // refused too (step-up); the app stays
    const setup = stepUpAsked(await send(stolen, 'POST', '/api/auth/mfa/totp/setup'));
    expect(setup.methods).toEqual(['totp', 'recovery']);
    const confirm = await send(stolen, 'POST', '/api/auth/mfa/totp/confirm', { code: '123456' });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toMatchObject({ code: 'invalid_state' });

    const after = await mfa(stolen);
    expect(after).toMatchObject({ totp: true, passkeys: [], recovery_codes_left: 10 });
  });

  it('someone without a factor yet confirms adding one by a code mailed to them', async () => {
    const person = await buildUser(db());
    const asked = stepUpAsked(await send(person.auth, 'POST', '/api/auth/passkeys/options'));
    expect(asked.methods).toEqual(['email']);
    const options = await withEmailStepUp(t.app, person.auth, person.user.email, {
      method: 'POST',
      url: '/api/auth/passkeys/options',
    });
    expect(options.statusCode, options.body).toBe(200);
    const key = new SoftAuthenticator('http://localhost');
    const added = await send(person.auth, 'POST', '/api/auth/passkeys', { name: 'Laptop', response: key.create(options.json()) });
    expect(added.statusCode, added.body).toBe(201);
    // The first factor brings recovery codes.
    const codes = added.json<{ recovery_codes: string[] | null }>().recovery_codes;
    trackSecret(...(codes ?? []));
    expect(codes).toHaveLength(10);
  });

  it('a factor added beside another keeps the recovery codes; each change is mailed and audited', async () => {
    const person = await withAuthenticatorApp({ language: 'fr' });
    const [kept] = person.recoveryCodes;

    // A passkey, after a step-up by the app.
    const asked = stepUpAsked(await send(person.auth, 'POST', '/api/auth/passkeys/options'));
    const token = await proofByApp(person.auth, asked.challenge, person.secret, person.step + 1);
    const options = await send(person.auth, 'POST', '/api/auth/passkeys/options', undefined, token);
    expect(options.statusCode, options.body).toBe(200);
    const key = new SoftAuthenticator('http://localhost');
    const added = await send(person.auth, 'POST', '/api/auth/passkeys', {
      name: 'Téléphone <b>',
      response: key.create(options.json()),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ recovery_codes: null });
    const passkeyId = added.json<{ passkey: { id: string } }>().passkey.id;
    expect(await mfa(person.auth)).toMatchObject({ totp: true, recovery_codes_left: 10 });

    // The app removed (step-up by the passkey), then set up again: the first codes still work, none are handed out.
    const removed = await withStepUp(t.app, person.auth, { passkey: key }, { method: 'DELETE', url: '/api/auth/mfa/totp' });
    expect(removed.statusCode, removed.body).toBe(200);
    const setup = await withStepUp(t.app, person.auth, { passkey: key }, { method: 'POST', url: '/api/auth/mfa/totp/setup' });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json<{ secret: string }>().secret;
    trackSecret(secret);
    const confirmed = await send(person.auth, 'POST', '/api/auth/mfa/totp/confirm', { code: totpCode(secret, currentStep()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ recovery_codes: [] });
    const recovery = stepUpAsked(await send(person.auth, 'DELETE', `/api/auth/passkeys/${passkeyId}`));
    const byCode = await send(person.auth, 'POST', '/api/auth/step-up', {
      challenge: recovery.challenge,
      code: kept,
      method: 'recovery',
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const gone = await send(
      person.auth,
      'DELETE',
      `/api/auth/passkeys/${passkeyId}`,
      undefined,
      byCode.json<{ step_up_token: string }>().step_up_token,
    );
    expect(gone.statusCode, gone.body).toBe(200);

    // Five changes, five mails in the account's language (French), each with what to do if it was not them.
    const mails = mailsTo(person.user.email).filter((m) => m.subject === 'Un second facteur de votre compte ProxAI a changé');
    expect(mails.map((m) => m.text.split('\n')[0])).toEqual([
      'Une application d’authentification a été ajoutée à votre compte ProxAI.',
      'Une clé d’accès a été ajoutée à votre compte ProxAI\u00a0: Téléphone <b>.',
      'L’application d’authentification a été retirée de votre compte ProxAI.',
      'Une application d’authentification a été ajoutée à votre compte ProxAI.',
      'Une clé d’accès a été retirée de votre compte ProxAI\u00a0: Téléphone <b>.',
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain('Si ce n’était pas vous');
      expect(mail.text).toMatch(/depuis l’adresse 127\.0\.0\.1\./);
      expect(mail.html).not.toContain('<b>.');
    }
    expect(await audited(person.user.id, 'mfa.totp_enabled')).toHaveLength(2);
    expect(await audited(person.user.id, 'mfa.totp_disabled')).toHaveLength(1);
    expect(await audited(person.user.id, 'mfa.passkey_added')).toHaveLength(1);
    expect(await audited(person.user.id, 'mfa.passkey_removed')).toHaveLength(1);
  });

  it('a platform administrator is never offered an e-mailed code for a step-up', async () => {
    // An administrator's session without a factor does not happen (they enrol at their first sign-in); if it did,
    // a mailbox alone must not confirm for them.
    const admin = await buildUser(db(), { role: 'admin', organisationId: null });
    const refused = await send(admin.auth, 'POST', '/api/auth/mfa/totp/setup');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect(mailsTo(admin.user.email)).toHaveLength(0);
  });

  it('the forced enrolment of a first sign-in needs no step-up and opens the session', async () => {
    const person = await buildUser(db(), { role: 'admin', organisationId: null, language: 'en' });
    const bearer = await enrolmentBearer(db(), person.user.id);
    const setup = await send(bearer, 'POST', '/api/auth/mfa/totp/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json<{ secret: string }>().secret;
    trackSecret(secret);
    const confirmed = await send(bearer, 'POST', '/api/auth/mfa/totp/confirm', { code: totpCode(secret, currentStep()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json<{ recovery_codes: string[]; access_token?: string }>();
    trackSecret(...body.recovery_codes, body.access_token);
    expect(body.recovery_codes).toHaveLength(10);
    expect(body.access_token).toEqual(expect.any(String));
    expect(mailsTo(person.user.email).map((m) => m.subject)).toEqual(['A second factor of your ProxAI account changed']);
  });
});
