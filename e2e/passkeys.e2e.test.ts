import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { newPage } from './support/browser';
import { addHostOverHttp } from './support/hosts';
import { answerStepUpByEmail } from './support/mfa';
import type { PortalHandle } from './support/portal';
import { connectBrowser, sharedPortal, uniqueEmail } from './support/shared';
import { addVirtualAuthenticator, type VirtualAuthenticator } from './support/webauthn';

const EMAIL = uniqueEmail('paule@example.org');
const PASSKEY_NAME = 'Portable de Paule';
const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;

// The e2e project has no DOM types: browser-side reads are passed as expressions.
const storedToken = (page: Page) => page.evaluate<string | null>("localStorage.getItem('proxai_token')");
const storedUser = async (page: Page) =>
  JSON.parse((await page.evaluate<string | null>("localStorage.getItem('proxai_user')")) ?? '{}') as Record<string, unknown>;

/** The code of the first mail to `email` newer than mail `after` (the dev outbox numbers its mails). */
async function mailedCode(portal: PortalHandle, email: string, after: number): Promise<{ id: number; code: string }> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${portal.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const last = ((await res.json()) as { id: number; text: string }[]).at(-1);
    if (last && last.id > after) {
      const code = /:\s*(\d{6})\s*$/m.exec(last.text)?.[1];
      if (!code) throw new Error(`no code in:\n${last.text}`);
      return { id: last.id, code };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${email}`);
}

describe('passkeys in Chromium (a virtual authenticator)', () => {
  let fleet: Fleet;
  let portal: PortalHandle;
  let browser: Browser;
  let page: Page;
  let authenticator: VirtualAuthenticator;
  let lastMail = 0;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const serverErrors: string[] = [];

  /** /auth's e-mail code flow up to the code's answer (a session, or the second step when the user has a factor). */
  async function enterMailedCode() {
    await page.goto('/auth');
    await page.getByTestId('auth-option-email').click();
    await page.getByTestId('email-input').fill(EMAIL);
    await page.getByTestId('send-code-button').click();
    await page.getByTestId('otp-input').waitFor();
    const mail = await mailedCode(portal, EMAIL, lastMail);
    lastMail = mail.id;
    await page.getByTestId('otp-input').fill(mail.code);
    await page.getByTestId('verify-code-button').click();
  }

  async function signOut() {
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/auth');
    expect(await storedToken(page)).toBeNull();
  }

  const hostsOverApi = async () => {
    const res = await fetch(`${portal.url}/api/hosts`, { headers: { authorization: `Bearer ${await storedToken(page)}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; name: string }[];
  };

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fleet = await startFleet(generateFleet({ nodes: 1, guests: 2, seed: 21, pbs: false }), { taskDurationMs: 200 });
    portal = sharedPortal('pglite');
    portal.track(...fleet.nodes.flatMap((n) => [n.password, n.tokenSecret]));
    browser = await connectBrowser();
    // WebAuthn refuses an IP address as the relying party id, so the page is opened at localhost on the portal's
    // port (the portal listens on 127.0.0.1, which Chromium reaches for "localhost"). The run's portals have no
    // PUBLIC_URL (global setup): the server then takes its address from the Host header when it is a loopback one
    // (auth.routes.ts baseUrl()), so the relying party is `localhost` and the expected origin this page's.
    ({ page } = await newPage(browser, `http://localhost:${portal.port}`));
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // Refused requests are expected here (GET /api/demo is 404 without a demo account, a step-up first answers 401)
    // and Chromium logs each as "Failed to load resource": those are left out, 5xx answers are kept apart.
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) consoleErrors.push(msg.text());
    });
    page.on('response', (res) => {
      if (res.status() >= 500) serverErrors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
    authenticator = await addVirtualAuthenticator(page);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await fleet?.close();
  });

  it('signs up by e-mail code, adds a named passkey on /settings/security and lists it (light and dark)', async () => {
    await enterMailedCode();
    await page.waitForURL('**/dashboard');
    expect(await storedUser(page)).toMatchObject({ email: EMAIL, org_role: 'owner' });
    portal.track(await storedToken(page));
    await addHostOverHttp(portal, { token: (await storedToken(page))!, user: null }, fleet.nodes[0]!);

    await page.getByTestId('security-link').click();
    await page.waitForURL('**/settings/security');
    await page.getByTestId('passkeys-empty').waitFor();
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-name').fill(PASSKEY_NAME);
    await page.getByTestId('passkey-name-submit').click();
    // Adding a factor is confirmed first: without one yet, by a code mailed to the person (a stolen session alone
    // cannot add one).
    await answerStepUpByEmail(page, portal.url, EMAIL);
    // The authenticator answers navigator.credentials.create by itself; the server verifies the attestation.
    const row = page.getByTestId('passkey-row');
    await row.waitFor();
    await page.getByText(`Clé d'accès ${PASSKEY_NAME} ajoutée.`).first().waitFor();
    // The first second factor brings ten recovery codes, shown once.
    const codes = page.getByTestId('recovery-codes-dialog');
    await codes.waitFor();
    expect((await codes.textContent())?.match(/[a-z0-9]{5}-[a-z0-9]{5}/g)).toHaveLength(10);
    await page.getByTestId('recovery-codes-saved').check();
    await page.getByTestId('recovery-codes-done').click();
    await codes.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(PASSKEY_NAME);
    expect(await row.textContent()).toContain('jamais utilisée');
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    // Reloaded so the toasts do not cover the header.
    await page.reload();
    await page.getByTestId('passkey-row').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}security-passkeys-light.png`, fullPage: true });

    await page.evaluate("localStorage.setItem('proxai_theme', 'dark')");
    await page.reload();
    await page.getByTestId('passkey-row').waitFor();
    expect(await page.evaluate("document.documentElement.classList.contains('dark')")).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}security-passkeys-dark.png`, fullPage: true });
    await page.evaluate("localStorage.setItem('proxai_theme', 'light')");
  });

  it('signs out, then signs in with the passkey alone: no e-mail typed, back on /dashboard', async () => {
    await signOut();
    await page.goto('/auth');
    await page.getByTestId('auth-option-passkey').click();
    await page.waitForURL('**/dashboard');
    expect(await storedUser(page)).toMatchObject({ email: EMAIL });
    const me = await fetch(`${portal.url}/api/auth/me`, { headers: { authorization: `Bearer ${await storedToken(page)}` } });
    expect(me.status).toBe(200);
    expect(((await authenticator.credentials())[0]?.signCount ?? 0) > 0).toBe(true);
  });

  it('deleting a host asks to confirm with a second factor; the passkey answers and the host is gone', async () => {
    expect(await hostsOverApi()).toHaveLength(1);
    const card = page.getByTestId('host-card').filter({ hasText: 'Lab node' });
    await card.waitFor();
    const isDelete = (res: { url(): string; request(): { method(): string } }) =>
      res.request().method() === 'DELETE' && new URL(res.url()).pathname.startsWith('/api/hosts/');
    const refused = page.waitForResponse(isDelete);
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByTestId('host-delete').click();
    const first = await refused;
    expect(first.status()).toBe(401);
    expect(await first.json()).toMatchObject({ code: 'step_up_required', methods: expect.arrayContaining(['webauthn']) });
    const prompt = page.getByTestId('step-up');
    await prompt.waitFor();
    await page.screenshot({ path: `${ARTIFACTS}step-up-passkey.png` });
    // The same request again, with the proof the passkey bought (X-Step-Up).
    const retried = page.waitForResponse(isDelete);
    await prompt.getByTestId('step-up-passkey').click();
    const second = await retried;
    expect(second.status()).toBe(200);
    expect(await second.request().headerValue('x-step-up')).toBeTruthy();
    await page.getByText('Hôte supprimé avec succès').first().waitFor();
    await expect.poll(() => page.getByTestId('step-up').count()).toBe(0);
    expect(await hostsOverApi()).toEqual([]);
    await page.getByTestId('hosts-empty').waitFor();
  });

  it('a sign-in by e-mail code now asks for the second factor, and the passkey answers it', async () => {
    await signOut();
    await enterMailedCode();
    // mfa_required: no session until the second step.
    await page.getByTestId('mfa-verify-view').waitFor();
    expect(await storedToken(page)).toBeNull();
    await page.getByTestId('mfa-passkey-button').click();
    await page.waitForURL('**/dashboard');
    expect(await storedUser(page)).toMatchObject({ email: EMAIL });

    await page.goto('/settings/security');
    await expect.poll(() => page.getByTestId('passkey-row').textContent()).toContain('utilisée le');
    expect(pageErrors, `uncaught errors in the page:\n${pageErrors.join('\n')}`).toEqual([]);
    expect(consoleErrors, `console errors:\n${consoleErrors.join('\n')}`).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});
