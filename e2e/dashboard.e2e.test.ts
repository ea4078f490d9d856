import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { launchBrowser, newPage } from './support/browser';
import { startPortal, type Portal } from './support/portal';

const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
const EMAIL = 'dana@example.org';

/** Signs in through the e-mail code flow over HTTP and returns what the web app stores. */
async function signIn(portal: Portal): Promise<{ token: string; user: unknown }> {
  const post = (path: string, body: unknown) =>
    fetch(`${portal.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/auth/magic-link', { email: EMAIL, language: 'en' });
  if (!sent.ok) throw new Error(`magic-link: ${sent.status} ${await sent.text()}`);
  const mails = (await (await fetch(`${portal.url}/api/dev/outbox?to=${encodeURIComponent(EMAIL)}`)).json()) as {
    text: string;
  }[];
  const code = /:\s*(\d{6})\s*$/m.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the mail');
  const verified = await post('/auth/verify-otp', { email: EMAIL, otp_code: code });
  const body = (await verified.json()) as { access_token: string; user: unknown };
  return { token: body.access_token, user: body.user };
}

describe('dashboard in Chromium', () => {
  let portal: Portal;
  let browser: Browser;
  let fleet: Fleet;
  let page: Page;

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    // One node within the Free plan (1 host, 10 guests); tasks take a visible moment.
    fleet = await startFleet(generateFleet({ nodes: 1, guests: 6, seed: 11, pbs: false }), { taskDurationMs: 400 });
    portal = await startPortal({ env: { HOST_ADDRESS_POLICY: 'any' } }); // simulated hosts on 127.0.0.1
    browser = await launchBrowser();
    ({ page } = await newPage(browser, portal.url, { locale: 'en-US' }));
    const session = await signIn(portal);
    portal.track(session.token, 'wrong password', ...fleet.nodes.flatMap((n) => [n.password, n.tokenSecret]));
    await page.goto('/');
    await page.evaluate(
      `localStorage.setItem('proxai_token', ${JSON.stringify(session.token)}); localStorage.setItem('proxai_user', ${JSON.stringify(JSON.stringify(session.user))}); localStorage.setItem('proxai_language', 'en');`,
    );
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await fleet?.close();
  });

  it('adds a simulated host, shows its guests and stats, stops a guest, deletes the host', async () => {
    const n = fleet.nodes[0]!;
    const guests = [...fleet.node(n.name).guests.values()].filter((g) => !g.template);
    await page.goto('/dashboard');
    await page.getByTestId('hosts-empty').waitFor();
    await expect(page.getByTestId('stat-hosts-value').textContent()).resolves.toBe('0');

    await page.getByTestId('add-host-button').first().click();
    await page.getByLabel('Name', { exact: true }).fill('Lab node');
    await page.getByLabel('URL', { exact: true }).fill(n.url);
    await page.getByLabel('Node', { exact: true }).fill(n.name);
    expect(await page.getByLabel('User', { exact: true }).inputValue()).toBe('root@pam');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByTestId('add-host-submit').click();
    await page.getByTestId('add-host-error').waitFor();
    expect(await page.getByTestId('add-host-error').textContent()).toContain('Authentication failed for root@pam');
    await page.getByLabel('Password', { exact: true }).fill(n.password);
    await page.getByTestId('add-host-submit').click();
    await page.getByText('Host connected successfully!').waitFor();

    const card = page.getByTestId('host-card');
    await card.waitFor();
    expect(await card.getByTestId('host-status').textContent()).toBe('Online');
    expect(await card.textContent()).toContain(n.url);
    await page.locator('[data-testid="stat-vms-value"]', { hasText: String(guests.length) }).waitFor();
    await expect(page.getByTestId('guest-row').count()).resolves.toBe(guests.length);
    const running = guests.filter((g) => g.status === 'running').length;
    expect(await page.getByTestId('stat-running-value').textContent()).toBe(String(running));
    await page.screenshot({ path: `${ARTIFACTS}dashboard-host.png`, fullPage: true });

    const target = guests.find((g) => g.status === 'running' && !g.lock)!;
    const row = page.locator(`[data-testid="guest-row"][data-vmid="${target.vmid}"]`);
    expect(await row.getByTestId('vm-start').isDisabled()).toBe(true);
    await row.getByTestId('vm-stop').click();
    await row.getByTestId('guest-state').filter({ hasText: 'In progress…' }).waitFor();
    await page.getByText('VM stop command sent').waitFor();
    await page.locator(`[data-testid="guest-row"][data-vmid="${target.vmid}"][data-state="stopped"]`).waitFor();
    expect(fleet.node(n.name).guest(target.vmid).status).toBe('stopped');
    expect(await row.getByTestId('vm-stop').isDisabled()).toBe(true);
    expect(await row.getByTestId('vm-start').isDisabled()).toBe(false);
    await page.locator('[data-testid="stat-running-value"]', { hasText: String(running - 1) }).waitFor();

    let confirmText = '';
    page.once('dialog', (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Host deleted successfully').waitFor();
    expect(confirmText).toBe(
      'Are you sure you want to delete this host? This will also remove all associated VMs from the dashboard.',
    );
    await page.getByTestId('hosts-empty').waitFor();
    await page.getByTestId('vms-empty').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}dashboard-empty.png`, fullPage: true });
  }, 60_000);

  it('asks for its first data once, while the page code is still downloading', async () => {
    const reads: { path: string; at: number }[] = [];
    const onRequest = (r: { url(): string }) => {
      const path = new URL(r.url()).pathname;
      if (['/api/vms', '/api/hosts', '/api/stats'].includes(path)) reads.push({ path, at: Date.now() });
    };
    // The main bundle is held back 400 ms: the reads must not wait for it.
    let released = Infinity;
    const bundle = /\/assets\/index-[\w-]+\.js$/;
    await page.route(bundle, async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      released = Math.min(released, Date.now());
      await route.continue();
    });
    page.on('request', onRequest);
    try {
      await page.goto('/dashboard');
      await page.getByTestId('stat-hosts-value').waitFor();
      await page.waitForLoadState('networkidle');
    } finally {
      page.off('request', onRequest);
      await page.unroute(bundle);
    }
    // Each read once (theme-init.js starts it; the page's query takes that answer instead of asking again)…
    expect(reads.map((r) => r.path).sort()).toEqual(['/api/hosts', '/api/stats', '/api/vms']);
    // …and before the main bundle has even arrived, let alone run.
    expect(Math.max(...reads.map((r) => r.at))).toBeLessThan(released);
  });

  it('a 401 on load sends the user to /auth', async () => {
    await page.evaluate(`localStorage.setItem('proxai_token', 'not-a-valid-token-000000')`);
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth/);
  }, 30_000);
});
