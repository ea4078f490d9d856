import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { AuthUser, MfaChallenge } from '@proxai/contract';
import type { startSmtpPeer } from './smtp-peer';

/** What the e-mail sign-in tests read out of the mails a real SMTP peer received. */
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

export const codeIn = (text: string) => {
  const code = /(\d{6})\s*$/m.exec(text.split('\n').find((l) => /:\s*\d{6}\s*$/.test(l)) ?? '')?.[1];
  if (!code) throw new Error(`no code in mail:\n${text}`);
  return code;
};
/**
 * The mailed link `<base>/auth#magic=<token>`: `href` as written in the mail, `url` parsed, and `token`, which the
 * /auth page posts to `POST /api/auth/magic` to sign in.
 */
export const linkIn = (text: string) => {
  const match = /(https?:\/\/\S+\/auth#magic=(\S+))/.exec(text);
  if (!match) throw new Error(`no link in mail:\n${text}`);
  const href = match[1]!;
  return { href, url: new URL(href), token: decodeURIComponent(match[2]!) };
};

export async function waitForMail(peer: SmtpPeer, to: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const mine = peer.mails.filter((m) => m.to.includes(to));
    if (mine.length >= count) return mine[count - 1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail #${count} for ${to}`);
}

const TOTP_PERIOD_MS = 30_000;

/** The 6-digit code of an authenticator app holding `secret`, `offsetSteps` 30-second steps from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_MS / 1000 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * TOTP_PERIOD_MS });
}

/**
 * What this helper knows of each authenticator app it enrolled or used: the server accepts each time step of an
 * account once, and only a later one after it (the current step ±1), so a second sign-in within 30 seconds takes
 * the next step, and a third one a recovery code handed out at enrolment (from the last one back).
 */
const knownFactors = new Map<string, { lastStep: number; recoveryCodes: string[] }>();

/** A code for the next sign-in with `secret`: a fresh TOTP step, or a recovery code once this 30 s has none left. */
function nextCode(secret: string): string {
  const known = knownFactors.get(secret) ?? { lastStep: -Infinity, recoveryCodes: [] };
  knownFactors.set(secret, known);
  const now = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const step = Math.max(now, known.lastStep + 1);
  if (step <= now + 1) {
    known.lastStep = step;
    return totpCode(secret, step - now);
  }
  const recovery = known.recoveryCodes.pop();
  if (!recovery) throw new Error('no TOTP time step left for this secret in this 30 s, and no recovery code: pass `code`');
  return recovery;
}

export interface AdminSignIn {
  /** The session token (also set as the `session_token` cookie by `sessionResponse`). */
  token: string;
  user: AuthUser;
  totpSecret: string;
  /**
   * The ten recovery codes handed out at enrolment (empty when the factor already existed). Later sign-ins with
   * this `totpSecret` spend them from the last one back when a 30 s has no TOTP step left: use them from the first.
   */
  recoveryCodes: string[];
  /** The first step's answer: a challenge, never a session. */
  challenge: MfaChallenge;
  /** The answer of the step that opened the session (its Set-Cookie). */
  sessionResponse: LightMyRequestResponse;
}

/**
 * A platform administrator's two-step sign-in: `POST /auth/admin-login` (which answers a challenge, never a session),
 * then an authenticator app enrolled with the challenge's `mfa_token` (the first time), or a code proven with
 * `POST /auth/mfa/verify` (`totpSecret`: the app enrolled before; `code`: a recovery code or TOTP code to use instead).
 */
export async function signInAdmin(
  app: FastifyInstance,
  options: { email: string; password: string; totpSecret?: string; code?: string },
): Promise<AdminSignIn> {
  const expectOk = (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  const login = expectOk(
    await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: options.email, password: options.password },
    }),
    'admin-login',
  );
  const challenge = login.json<MfaChallenge & { access_token?: string }>();
  if ('access_token' in challenge || !challenge.mfa_token) throw new Error(`admin-login answered no challenge: ${login.body}`);

  if (challenge.code === 'mfa_enrolment_required') {
    const auth = { authorization: `Bearer ${challenge.mfa_token}` };
    const setup = expectOk(await app.inject({ method: 'POST', url: '/api/auth/mfa/totp/setup', headers: auth }), 'totp/setup');
    const { secret } = setup.json<{ secret: string }>();
    const confirm = expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/auth/mfa/totp/confirm',
        headers: auth,
        payload: { code: nextCode(secret) },
      }),
      'totp/confirm',
    );
    const done = confirm.json<{ recovery_codes: string[]; access_token?: string; user?: AuthUser }>();
    if (!done.access_token || !done.user) throw new Error(`totp/confirm opened no session: ${confirm.body}`);
    knownFactors.get(secret)!.recoveryCodes.push(...done.recovery_codes);
    return {
      token: done.access_token,
      user: done.user,
      totpSecret: secret,
      recoveryCodes: done.recovery_codes,
      challenge,
      sessionResponse: confirm,
    };
  }

  const { totpSecret = '' } = options;
  if (!options.code && !totpSecret) throw new Error('this administrator has a second factor: pass its totpSecret or a code');
  const verify = expectOk(
    await app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      payload: { mfa_token: challenge.mfa_token, code: options.code ?? nextCode(totpSecret) },
    }),
    'mfa/verify',
  );
  const done = verify.json<{ access_token: string; user: AuthUser }>();
  return { token: done.access_token, user: done.user, totpSecret, recoveryCodes: [], challenge, sessionResponse: verify };
}
