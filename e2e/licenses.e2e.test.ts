import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './support/browser';
import { adminSessionByApi, answerStepUp, enrolTotpInPage } from './support/mfa';
import { lastMailTo, type PortalHandle } from './support/portal';
import { ADMIN, connectBrowser, sharedPortal, uniqueEmail } from './support/shared';

const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

interface SignedIn {
  access_token: string;
  user: { id: string; name: string | null; role: string; organisation_id: string | null };
}

/** A normal user through the e-mail code flow of the API (the sign-in screens have their own e2e file). */
async function signUpUser(portal: PortalHandle, email: string): Promise<SignedIn> {
  const post = (url: string, body: unknown) =>
    fetch(`${portal.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/api/auth/magic-link', { email, language: 'fr' })).status).toBe(200);
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    code = /:\s*(\d{6})\s*$/m.exec((await lastMailTo(portal.url, email))?.text ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no code mailed to ${email}`);
  const res = await post('/api/auth/verify-otp', { email, otp_code: code });
  expect(res.status).toBe(200);
  return (await res.json()) as SignedIn;
}

/** Runs `npm run licence:verify -- <file>` against the portal's data directory (its public key file). */
async function verifyLicence(file: string, dataDir: string) {
  try {
    const { stdout } = await run('npm', ['run', '-s', 'licence:verify', '--', file], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    });
    return { code: 0, output: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: `${e.stdout}${e.stderr}` };
  }
}

const firstCard = (page: Page) => page.getByTestId('licence-card').first();

// On the run's PostgreSQL portal: the administrator's first sign-in enrols their second factor here, and that of the
// portal on the embedded database belongs to auth.e2e.test.ts. What the administrator sees is narrowed to the
// organisation this file signs up.
describe('licences in Chromium', () => {
  let portal: PortalHandle;
  let browser: Browser;
  let customer: SignedIn;
  /** The administrator's authenticator app, enrolled at their first sign-in (the first test). */
  let adminSecret = '';
  let adminRecoveryCodes: string[] = [];
  let licenceId: string;

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    portal = sharedPortal('postgres');
    browser = await connectBrowser();
    customer = await signUpUser(portal, uniqueEmail('customer@example.org'));
    portal.track(customer.access_token);
    expect(customer.user.organisation_id).toBeTruthy();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an administrator generates a Pro licence, downloads it (it verifies offline), and revokes it', async () => {
    const { context, page } = await newPage(browser, portal.url);
    // Signed in through the administrator view of /auth.
    await page.goto('/auth');
    await page.getByTestId('auth-option-admin').click();
    await page.getByTestId('admin-email-input').fill(ADMIN.email);
    await page.getByTestId('admin-password-input').fill(ADMIN.password);
    await page.getByTestId('admin-login-button').click();
    // Administrators must have a second factor: the first sign-in enrols an authenticator app.
    ({ secret: adminSecret, recoveryCodes: adminRecoveryCodes } = await enrolTotpInPage(page));
    await page.waitForURL('**/dashboard');

    // Reached from the dashboard's header link.
    await page.locator('a[href="/licenses"]').first().click();
    await page.waitForURL('**/licenses');
    const picker = page.getByLabel('Organisation');
    await expect.poll(() => picker.isEnabled(), { timeout: 10_000 }).toBe(true);
    await picker.selectOption(customer.user.organisation_id);
    await page.getByText('Aucune licence', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Générer une Licence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Générer une Licence' });
    await dialog.getByText('365 jours = 1 an').waitFor();
    await dialog.getByLabel('Type de plan').selectOption('pro');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/licenses/generate') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Générer', exact: true }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    licenceId = ((await response.json()) as { id: string }).id;
    await page.getByText('Licence générée avec succès!').first().waitFor();
    await expect.poll(() => firstCard(page).getAttribute('data-licence-id'), { timeout: 10_000 }).toBe(licenceId);
    expect(await firstCard(page).getByTestId('licence-status').textContent()).toBe('Active');
    expect(await firstCard(page).getByRole('heading', { level: 3 }).textContent()).toBe(`${licenceId.slice(0, 16)}…`);
    expect(await firstCard(page).getByTestId('licence-limits').textContent()).toContain('Hôtes10');
    await page.screenshot({ path: `${ARTIFACTS}licenses-admin-light.png`, fullPage: true });

    const downloadEvent = page.waitForEvent('download');
    await firstCard(page).getByTestId('licence-download').click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`${licenceId}.json`);
    const file = path.join(ARTIFACTS, download.suggestedFilename());
    await download.saveAs(file);
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(content).toMatchObject({ id: licenceId, plan_type: 'pro', organisation_id: customer.user.organisation_id });
    expect(typeof content.signature).toBe('string');
    expect(Date.now() - Date.parse(String(content.download_date))).toBeLessThan(60_000);
    const valid = await verifyLicence(file, portal.dataDir);
    expect(valid.code, valid.output).toBe(0);
    expect(valid.output).toContain('VALID');
    const tamperedFile = path.join(ARTIFACTS, `${licenceId}-tampered.json`);
    fs.writeFileSync(tamperedFile, JSON.stringify({ ...content, plan_type: 'enterprise' }));
    const tampered = await verifyLicence(tamperedFile, portal.dataDir);
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain('TAMPERED');

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}:${d.message()}`);
      void (d.type() === 'prompt' ? d.accept('Fin du contrat') : d.accept());
    });
    await firstCard(page).getByTestId('licence-revoke').click();
    // Revoking is sensitive: a fresh second-factor check bound to this request.
    await answerStepUp(page, adminSecret);
    await page.getByText('Licence révoquée avec succès').first().waitFor();
    expect(dialogs).toEqual(['confirm:Êtes-vous sûr de vouloir révoquer cette licence?', 'prompt:Raison de la révocation:']);
    await expect.poll(() => firstCard(page).getByTestId('licence-status').textContent(), { timeout: 10_000 }).toBe('Inactive');
    expect(await firstCard(page).getByTestId('licence-revoke').count()).toBe(0);
    await firstCard(page).getByText('Révoquée : Fin du contrat').waitFor();

    await page.getByTestId('theme-toggle').click();
    await expect
      .poll(async () => (await page.locator('html').getAttribute('class')) ?? '', { timeout: 10_000 })
      .toContain('dark');
    await page.screenshot({ path: `${ARTIFACTS}licenses-admin-dark.png`, fullPage: true });
    await context.close();
  });

  it('a normal user sees the organisation licences without generate or revoke buttons', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    // The session from the e-mail code flow, stored as the sign-in page stores it.
    await context.addInitScript(
      `localStorage.setItem('proxai_token', ${JSON.stringify(customer.access_token)});` +
        `localStorage.setItem('proxai_user', ${JSON.stringify(JSON.stringify(customer.user))});`,
    );
    // A second, active licence so the user also has a card that an admin could revoke.
    const access_token = await adminSessionByApi(portal.url, ADMIN, adminRecoveryCodes[0]!);
    portal.track(access_token);
    const generated = await fetch(`${portal.url}/api/admin/licenses/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ organisation_id: customer.user.organisation_id, plan_type: 'essential', duration_days: 20 }),
    });
    const essential = (await generated.json()) as { id: string };

    await page.goto('/licenses');
    await page.getByTestId('licence-card').nth(1).waitFor();
    await expect.poll(() => page.getByTestId('licence-card').count(), { timeout: 10_000 }).toBe(2);
    expect(await firstCard(page).getAttribute('data-licence-id')).toBe(essential.id);
    expect(await firstCard(page).getByTestId('licence-status').textContent()).toBe('Active');
    // 20 days left: orange with a warning icon.
    expect(await firstCard(page).getByTestId('licence-expiry').getAttribute('data-tone')).toBe('soon');
    expect(await page.getByTestId('licence-card').nth(1).getByTestId('licence-status').textContent()).toBe('Inactive');
    expect(await page.getByTestId('open-generate-licence').count()).toBe(0);
    expect(await page.getByTestId('licence-revoke').count()).toBe(0);
    expect(await page.getByTestId('organisation-picker').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Licence management');
    await page.screenshot({ path: `${ARTIFACTS}licenses-user-en.png`, fullPage: true });

    // Arabic: right-to-left, translated.
    await page.getByTestId('language-select').selectOption('ar');
    await expect.poll(() => page.locator('html').getAttribute('dir'), { timeout: 10_000 }).toBe('rtl');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe('إدارة التراخيص');
    await page.screenshot({ path: `${ARTIFACTS}licenses-user-ar.png`, fullPage: true });
    await context.close();
  });
});
