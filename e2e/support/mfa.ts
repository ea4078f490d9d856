import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { lastMailTo } from './portal';

/** The code of an authenticator app for this secret; `stepsAhead` picks a later 30-second step (each is accepted once). */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * The forced enrolment of /auth (an administrator's first sign-in): reads the secret shown beside the QR code,
 * confirms with a code computed from it, acknowledges the recovery codes. Answers the secret.
 */
export async function enrolTotpInPage(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secretText = page.getByTestId('mfa-enrol-secret');
  await secretText.waitFor();
  const secret = ((await secretText.textContent()) ?? '').replace(/\s+/g, '');
  await page.getByTestId('mfa-enrol-code-input').fill(totpCode(secret));
  await page.getByTestId('mfa-enrol-confirm').click();
  await page.getByTestId('recovery-codes-view').waitFor();
  const recoveryCodes = ((await page.getByTestId('recovery-codes').textContent()) ?? '').match(/[a-z0-9]{5}-[a-z0-9]{5}/g) ?? [];
  await page.getByTestId('recovery-done').click();
  return { secret, recoveryCodes };
}

/** Answers the step-up prompt a sensitive action opens, with a later step's code (the sign-in used this one). */
export async function answerStepUp(page: Page, secret: string, stepsAhead = 1): Promise<void> {
  await page.getByTestId('step-up').waitFor();
  await page.getByTestId('step-up-code').fill(totpCode(secret, stepsAhead));
  await page.getByTestId('step-up-submit').click();
}

interface SignInAnswer {
  access_token?: string;
  code?: string;
  mfa_token?: string;
}

/**
 * An administrator's session over the API, second step included, with one of their recovery codes (the
 * authenticator's codes of this minute may all be spent already: each step is accepted once).
 */
export async function adminSessionByApi(
  url: string,
  admin: { email: string; password: string },
  recoveryCode: string,
): Promise<string> {
  const first = (await (
    await fetch(`${url}/api/auth/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    })
  ).json()) as SignInAnswer;
  if (first.access_token) return first.access_token;
  const second = (await (
    await fetch(`${url}/api/auth/mfa/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mfa_token: first.mfa_token, code: recoveryCode }),
    })
  ).json()) as SignInAnswer;
  if (!second.access_token) throw new Error(`administrator sign-in failed: ${JSON.stringify(second)}`);
  return second.access_token;
}

/**
 * Answers the step-up prompt of someone without a second factor: asks for an e-mailed code, reads it from the
 * dev outbox, types it. The check is never skipped for lack of a factor.
 */
export async function answerStepUpByEmail(page: Page, portalUrl: string, email: string): Promise<void> {
  await page.getByTestId('step-up').waitFor();
  const before = (await lastMailTo(portalUrl, email))?.text;
  await page.getByTestId('step-up-email').click();
  await page.getByTestId('step-up-email-sent').waitFor();
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const mail = await lastMailTo(portalUrl, email);
    if (mail && mail.text !== before) code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no step-up code was mailed to ${email}`);
  await page.getByTestId('step-up-code').fill(code);
  await page.getByTestId('step-up-submit').click();
  await page.getByTestId('step-up').waitFor({ state: 'detached' });
}
