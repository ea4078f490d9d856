// The platform administrator over real HTTP, as a client does it: every administrator must have a second factor,
// so the first sign-in enrols an authenticator app (TOTP), later ones answer with it, and a sensitive call's
// 401 `step_up_required` is answered with a code too (apps/server/src/modules/mfa/, e2e/support/mfa.ts).
import { Secret, TOTP } from 'otpauth';
import { detailOf, json } from './api';

const PERIOD_MS = 30_000;

/**
 * An authenticator app: the TOTP codes of one secret. The server takes each 30-second step once and accepts the
 * step either side of its own, so a code is that of the next step not given yet, this one or the next; when both
 * are spent it waits for the next step to begin.
 */
class Authenticator {
  private lastStep = -Infinity;
  private readonly totp: TOTP;

  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
  }

  async code(): Promise<string> {
    for (;;) {
      const current = Math.floor(Date.now() / PERIOD_MS);
      const step = Math.max(current, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return this.totp.generate({ timestamp: step * PERIOD_MS });
      }
      await new Promise((r) => setTimeout(r, (current + 1) * PERIOD_MS - Date.now() + 50));
    }
  }
}

/** The authenticators this process enrolled, by portal and administrator: a second sign-in answers with the same. */
const enrolled = new Map<string, Authenticator>();

interface SignInAnswer {
  access_token?: string;
  code?: 'mfa_required' | 'mfa_enrolment_required';
  mfa_token?: string;
}

export interface AdminSession {
  base: string;
  token: string;
  authenticator: Authenticator;
}

/** Signs the administrator in: password, then the second step (enrolling an authenticator app the first time). */
export async function adminSession(base: string, admin: { email: string; password: string }): Promise<AdminSession> {
  const key = `${base} ${admin.email.toLowerCase()}`;
  const first = await json<SignInAnswer>(`${base}/api/auth/admin-login`, { method: 'POST', body: JSON.stringify(admin) });
  if (first.status !== 200) throw new Error(`admin-login ${first.status}: ${detailOf(first.body)}`);
  const mfaToken = first.body.mfa_token;
  if (first.body.code === 'mfa_enrolment_required' && mfaToken) {
    // The sign-in's token stands for a session on the enrolment routes only; confirming opens the session.
    const setup = await json<{ secret: string }>(`${base}/api/auth/mfa/totp/setup`, { method: 'POST', token: mfaToken });
    if (setup.status !== 200) throw new Error(`totp setup ${setup.status}: ${detailOf(setup.body)}`);
    const authenticator = new Authenticator(setup.body.secret);
    const confirmed = await json<{ recovery_codes: string[]; access_token?: string }>(`${base}/api/auth/mfa/totp/confirm`, {
      method: 'POST',
      token: mfaToken,
      body: JSON.stringify({ code: await authenticator.code() }),
    });
    if (confirmed.status !== 200 || !confirmed.body.access_token)
      throw new Error(`totp confirm ${confirmed.status}: ${detailOf(confirmed.body)}`);
    enrolled.set(key, authenticator);
    return { base, token: confirmed.body.access_token, authenticator };
  }
  if (first.body.code === 'mfa_required' && mfaToken) {
    const authenticator = enrolled.get(key);
    if (!authenticator)
      throw new Error(
        `${admin.email} already has a second factor on ${base} that this process did not enrol: use a fresh portal`,
      );
    const verified = await json<SignInAnswer>(`${base}/api/auth/mfa/verify`, {
      method: 'POST',
      body: JSON.stringify({ mfa_token: mfaToken, code: await authenticator.code() }),
    });
    if (verified.status !== 200 || !verified.body.access_token)
      throw new Error(`mfa verify ${verified.status}: ${detailOf(verified.body)}`);
    return { base, token: verified.body.access_token, authenticator };
  }
  throw new Error(`admin-login answered no second step: ${JSON.stringify(first.body)}`);
}

/**
 * Sends a request as the administrator; when it answers 401 `step_up_required`, proves the challenge with the
 * authenticator and sends it again with the proof in X-Step-Up (the proof is bound to this very request).
 */
export async function withStepUp<T>(
  session: AdminSession,
  path: string,
  init: { method: string; body?: string },
): Promise<{ status: number; body: T }> {
  const url = `${session.base}${path}`;
  const first = await json<T | { code?: string; challenge?: string }>(url, { ...init, token: session.token });
  const asked = first.body as { code?: string; challenge?: string } | undefined;
  if (first.status !== 401 || asked?.code !== 'step_up_required') return first as { status: number; body: T };
  const proof = await json<{ step_up_token: string }>(`${session.base}/api/auth/step-up`, {
    method: 'POST',
    token: session.token,
    body: JSON.stringify({ challenge: asked.challenge, method: 'totp', code: await session.authenticator.code() }),
  });
  if (proof.status !== 200) throw new Error(`step-up ${proof.status}: ${detailOf(proof.body)}`);
  return json<T>(url, { ...init, token: session.token, headers: { 'x-step-up': proof.body.step_up_token } });
}

/** The licence a platform administrator issues to the organisation, as in production. */
export async function issueLicence(
  base: string,
  admin: { email: string; password: string },
  organisationId: string,
  planType: 'pro' | 'enterprise',
): Promise<void> {
  const session = await adminSession(base, admin);
  const licence = await withStepUp(session, '/api/admin/licenses/generate', {
    method: 'POST',
    body: JSON.stringify({ organisation_id: organisationId, plan_type: planType, duration_days: 30 }),
  });
  if (licence.status !== 201) throw new Error(`licence ${licence.status}: ${detailOf(licence.body)}`);
}
