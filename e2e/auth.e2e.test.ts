import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startOidcPeer } from '../apps/server/src/modules/auth/oidc-peer';
import { enrolTotpInPage } from './support/mfa';
import { newPage } from './support/browser';
import type { PortalHandle } from './support/portal';
import { ADMIN, connectBrowser, sharedPortal, uniqueEmail } from './support/shared';

const CLAIRE = uniqueEmail('claire@example.org');
const LOGOUT = uniqueEmail('logout@example.org');
const WRONG = uniqueEmail('wrong@example.org');
const LINK = uniqueEmail('link@example.org');
const FIRST = uniqueEmail('first@example.org');
const SECOND = uniqueEmail('second@example.org');
const OLIVIA = uniqueEmail('olivia@example.org');
const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;

// The e2e project has no DOM types: browser-side reads are passed as expressions.
const stored = (page: Page, key: 'proxai_token' | 'proxai_user') =>
  page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
const storedUser = async (page: Page) => JSON.parse((await stored(page, 'proxai_user')) ?? '{}') as Record<string, unknown>;

async function mailFor(portal: PortalHandle, email: string, after = 0) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${portal.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { id: number; text: string }[];
    const last = mails.at(-1);
    if (last && last.id > after) {
      const code = /:\s*(\d{6})\s*$/m.exec(last.text)?.[1];
      // The link carries its token in the hash (`/auth#magic=`): only the page's POST spends it.
      const link = /https?:\/\/\S+\/auth#magic=\S+/.exec(last.text)?.[0];
      if (!code || !link) throw new Error(`no code or link in:\n${last.text}`);
      return { id: last.id, code, link };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${email}`);
}

/** Asks for a code and link without a page: a signed-in browser never sees the e-mail form. */
async function requestMail(portal: PortalHandle, email: string) {
  const res = await fetch(`${portal.url}/api/auth/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, language: 'fr' }),
  });
  expect(res.status).toBe(200);
}

async function signInWithCode(portal: PortalHandle, page: Page, email: string) {
  await page.goto('/auth');
  await requestCode(page, email);
  await page.getByTestId('otp-input').fill((await mailFor(portal, email)).code);
  await page.getByTestId('verify-code-button').click();
  await page.waitForURL('**/dashboard');
}

async function requestCode(page: Page, email: string) {
  await page.getByTestId('auth-option-email').click();
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('send-code-button').click();
  await page.getByTestId('otp-input').waitFor();
}

// On the run's portal on the embedded database: the administrator's first sign-in (which enrols their second
// factor) is this file's; on the PostgreSQL portal it is licenses.e2e.test.ts's.
describe('sign-in in Chromium', () => {
  let portal: PortalHandle;
  let browser: Browser;
  let oidc: Awaited<ReturnType<typeof startOidcPeer>>;
  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    portal = sharedPortal('pglite');
    portal.track('not the password', 'any password');
    // The portal was told this port as its issuer (global setup); it discovers the provider at first use.
    oidc = await startOidcPeer({
      port: inject('oidcPort'),
      redirectUri: `${portal.url}/api/auth/oidc/callback`,
      accounts: { olivia: { email: OLIVIA, email_verified: true, name: 'Olivia Oidc' } },
    });
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await oidc?.close();
  });

  it('signs in with the e-mailed code (French), stays signed in on reload, and /auth sends a signed-in user on', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/auth');
    await expect.poll(() => page.getByTestId('auth-option-email').textContent()).toBe('Continuer avec un e-mail');
    await requestCode(page, CLAIRE);
    await page.getByText('Magic link envoyé ! Vérifiez votre email.').first().waitFor();
    const otp = page.getByTestId('otp-input');
    expect(await otp.getAttribute('inputmode')).toBe('numeric');
    expect(await otp.getAttribute('maxlength')).toBe('6');
    const { code } = await mailFor(portal, CLAIRE);
    await otp.fill(code);
    await page.getByTestId('verify-code-button').click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Connexion réussie !').first().waitFor();
    expect(await stored(page, 'proxai_token')).toMatch(/^[\w-]{40,}$/);
    expect(await storedUser(page)).toMatchObject({ email: CLAIRE, role: 'user', org_role: 'owner' });
    const cookie = (await context.cookies()).find((c) => c.name === 'session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 86400);

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // The dashboard header's AccountMenu: no name yet, so the SPEC's fallback.
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('User');
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');
    await page.screenshot({ path: `${ARTIFACTS}auth-dashboard.png` });
    await context.close();
  });

  it('logs out from the dashboard header: back to /auth, and the old token is refused', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/auth');
    await requestCode(page, LOGOUT);
    await page.getByTestId('otp-input').fill((await mailFor(portal, LOGOUT)).code);
    await page.getByTestId('verify-code-button').click();
    await page.waitForURL('**/dashboard');
    const token = await stored(page, 'proxai_token');
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/auth');
    expect(await stored(page, 'proxai_token')).toBeNull();
    expect((await context.cookies()).find((c) => c.name === 'session_token')).toBeUndefined();
    const me = await fetch(`${portal.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await context.close();
  });

  it('English: a wrong code says so, "Resend a code" returns to the e-mail step', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await page.goto('/auth');
    await requestCode(page, WRONG);
    await page.getByText('Magic link sent! Check your email.').first().waitFor();
    const { code } = await mailFor(portal, WRONG);
    const wrong = [...code].map((d) => String((Number(d) + 5) % 10)).join('');
    await page.getByTestId('otp-input').fill(wrong);
    await page.getByTestId('verify-code-button').click();
    await expect.poll(() => page.getByTestId('auth-error').textContent()).toBe('Invalid or expired code');
    await page.getByTestId('resend-code-button').click();
    await expect.poll(() => page.getByTestId('email-input').inputValue()).toBe(WRONG);
    await context.close();
  });

  it('administrator sign-in: wrong password, then welcome and /dashboard', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/auth');
    await page.getByTestId('auth-option-admin').click();
    await page.getByTestId('admin-email-input').fill(ADMIN.email);
    await page.getByTestId('admin-password-input').fill('not the password');
    await page.getByTestId('admin-login-button').click();
    await expect.poll(() => page.getByTestId('auth-error').textContent()).toBe('Email ou mot de passe incorrect');
    await page.getByTestId('admin-password-input').fill(ADMIN.password);
    await page.getByTestId('admin-login-button').click();
    // An administrator must have a second factor: the first sign-in enrols an authenticator app.
    await page.getByTestId('mfa-enrol-view').waitFor();
    await enrolTotpInPage(page);
    await page.waitForURL('**/dashboard');
    await page.getByText('Bienvenue, Administrator !').first().waitFor();
    const user = await storedUser(page);
    expect(user.role).toBe('admin');
    await context.close();
  });

  it('the e-mailed link signs in once; a used link explains itself on /auth', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/auth');
    await requestCode(page, LINK);
    const { link } = await mailFor(portal, LINK);
    const token = new URL(link).hash.replace('#magic=', '');
    // Links mailed before the change still work: the old address only redirects and spends nothing.
    const old = await fetch(`${portal.url}/api/auth/magic?token=${token}`, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toMatch(new RegExp(`/auth#magic=${token}$`));
    // As from the mail client: a new tab.
    const tab = await context.newPage();
    await tab.goto(link);
    await tab.waitForURL('**/dashboard');
    expect(await stored(tab, 'proxai_token')).toBeTruthy();
    expect(new URL(tab.url()).hash).toBe('');
    await context.close();

    const second = await newPage(browser, portal.url);
    await second.page.goto(link);
    await expect
      .poll(() => second.page.getByTestId('auth-error').textContent())
      .toBe('Ce lien de connexion a expiré ou a déjà été utilisé. Demandez un nouveau code.');
    expect(new URL(second.page.url()).pathname).toBe('/auth');
    expect(new URL(second.page.url()).hash).toBe('');
    await second.context.close();
  });

  it("another account's link asks before switching: 'stay' keeps the session and spends nothing, 'continue' switches", async () => {
    const { context, page } = await newPage(browser, portal.url);
    await signInWithCode(portal, page, FIRST);
    const firstToken = await stored(page, 'proxai_token');
    await requestMail(portal, SECOND);
    const { link } = await mailFor(portal, SECOND);

    const tab = await context.newPage();
    await tab.goto(link);
    const question = tab.getByTestId('switch-question');
    await question.waitFor();
    expect(await question.textContent()).toContain(FIRST);
    expect(await question.textContent()).toContain(SECOND);
    expect(new URL(tab.url()).hash).toBe('');
    await tab.getByTestId('switch-stay-button').click();
    await tab.waitForURL('**/dashboard');
    expect(await stored(tab, 'proxai_token')).toBe(firstToken);
    expect(await storedUser(tab)).toMatchObject({ email: FIRST });

    // The 409 spent nothing: the same link still works once confirmed.
    await tab.goto(link);
    await tab.getByTestId('switch-continue-button').click();
    await tab.waitForURL('**/dashboard');
    expect(await storedUser(tab)).toMatchObject({ email: SECOND });
    expect(await stored(tab, 'proxai_token')).not.toBe(firstToken);
    await context.close();
  });

  it("an administrator's e-mailed link opens the administrator view: passwords only", async () => {
    await requestMail(portal, ADMIN.email);
    const { link } = await mailFor(portal, ADMIN.email);
    const { context, page } = await newPage(browser, portal.url);
    await page.goto(link);
    await page.getByTestId('admin-view').waitFor();
    await expect
      .poll(() => page.getByTestId('auth-error').textContent())
      .toBe('Ce compte est un compte administrateur\u00a0: connectez-vous avec votre mot de passe (Connexion administrateur).');
    expect(await stored(page, 'proxai_token')).toBeNull();
    await context.close();
  });

  it('an invalid #session_id shows the SPEC message and clears the hash', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/auth#session_id=this-id-was-never-issued-by-the-portal-000000');
    await expect
      .poll(() => page.getByTestId('auth-error').textContent())
      .toBe("Erreur lors de l'authentification. Veuillez réessayer.");
    expect(new URL(page.url()).hash).toBe('');
    await context.close();
  });

  it('Microsoft shows its info toast; legal and home links are there', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/auth');
    await page.getByTestId('auth-option-microsoft').click();
    await page.getByText('Microsoft OAuth sera disponible prochainement').first().waitFor();
    expect(await page.getByTestId('legal-cgv').getAttribute('href')).toBe('/legal/cgv');
    expect(await page.getByTestId('legal-privacy').getAttribute('href')).toBe('/legal/privacy');
    expect(await page.getByTestId('back-home').getAttribute('href')).toBe('/');
    await context.close();
  });

  it('OpenID Connect: provider login and consent, back through #session_id, lands on /dashboard', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/auth');
    const button = page.getByTestId('auth-option-oidc');
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await page.waitForURL((u) => u.origin === oidc.issuer);
    await page.locator('input[name="login"]').fill('olivia');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' });
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    const user = await storedUser(page);
    expect(user).toMatchObject({ email: OLIVIA, name: 'Olivia Oidc' });
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Olivia Oidc');
    await context.close();
  });
});
