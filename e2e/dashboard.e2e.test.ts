import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { Fleet } from '@proxai/pve-sim';
import { addHostOverHttp } from './support/hosts';
import { answerStepUpByEmail } from './support/mfa';
import type { PortalHandle } from './support/portal';
import { ARTIFACTS, startScene, type Scene } from './support/scene';
import { uniqueEmail } from './support/shared';
import type { Session } from './support/session';

const EMAIL = uniqueEmail('dana@example.org');

describe('dashboard in Chromium', () => {
  let scene: Scene;
  let portal: PortalHandle;
  let fleet: Fleet;
  let page: Page;
  let session: Session;

  beforeAll(async () => {
    // One node within the Free plan (1 host, 10 guests); tasks take a visible moment.
    scene = await startScene({ email: EMAIL, seed: 11, taskDurationMs: 400, secrets: ['wrong password'] });
    ({ portal, fleet, page, session } = scene);
  }, 90_000);
  afterAll(async () => {
    await scene?.close();
  });

  it('adds a simulated host, shows its guests and stats, stops and starts a guest live, deletes the host', async () => {
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
    // The row shows the poll's "stopped" possibly before the stop task has ended; Start opens once it has.
    await expect.poll(() => row.getByTestId('vm-start').isDisabled()).toBe(false);
    await page.locator('[data-testid="stat-running-value"]', { hasText: String(running - 1) }).waitFor();

    // Start it again, slowly enough to watch: the task panel shows the task running with its progress, the row a
    // progress bar (from the event stream), then its new state, all without reloading the page.
    await page.evaluate('window.__sameDocument = true');
    fleet.node(n.name).taskDurationMs = 4_000;
    await row.getByTestId('vm-start').click();
    await page.getByTestId('tasks-button').click();
    const startTask = page.locator('[data-testid="task-item"][data-status="running"]', {
      hasText: `Start VM ${target.name} (${target.vmid})`,
    });
    await startTask.waitFor();
    await startTask.getByRole('progressbar').waitFor();
    await row.getByTestId('guest-progress').waitFor({ state: 'attached' });
    await page.screenshot({ path: `${ARTIFACTS}dashboard-task-running.png` });
    await page.keyboard.press('Escape');
    await page
      .locator(`[data-testid="guest-row"][data-vmid="${target.vmid}"][data-state="running"]`)
      .waitFor({ timeout: 20_000 });
    await row.getByTestId('guest-progress').waitFor({ state: 'detached' });
    await page.getByTestId('tasks-button').click();
    await page
      .locator('[data-testid="task-item"][data-status="succeeded"]', { hasText: `Start VM ${target.name} (${target.vmid})` })
      .waitFor();
    await page.keyboard.press('Escape');
    expect(fleet.node(n.name).guest(target.vmid).status).toBe('running');
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    fleet.node(n.name).taskDurationMs = 400;

    let confirmText = '';
    page.once('dialog', (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'Delete' }).click();
    // Deleting a host is sensitive: a fresh check, by e-mailed code for someone without a second factor.
    await answerStepUpByEmail(page, portal.url, EMAIL);
    await page.getByText('Host deleted successfully').waitFor();
    expect(confirmText).toBe(
      'Are you sure you want to delete this host? This will also remove all associated VMs from the dashboard.',
    );
    await page.getByTestId('hosts-empty').waitFor();
    await page.getByTestId('vms-empty').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}dashboard-empty.png`, fullPage: true });
  }, 60_000);

  it('stops every guest the filter shows after one confirmation, then takes, rolls back and deletes a snapshot', async () => {
    const n = fleet.nodes[0]!;
    await addHostOverHttp(portal, session, n);
    const running = [...fleet.node(n.name).guests.values()].filter((g) => !g.template && g.status === 'running');
    await page.goto('/dashboard');
    await page.getByTestId('guest-row').first().waitFor();
    await page.getByTestId('vm-state-filter').selectOption('running');
    await page.getByTestId('guest-select-all').check();
    expect(await page.getByTestId('bulk-count').textContent()).toBe(`${running.length} selected`);
    await page.getByTestId('bulk-stop').click();
    const confirm = page.getByRole('dialog', { name: `Stop ${running.length} guests?` });
    await confirm.waitFor();
    await page.screenshot({ path: `${ARTIFACTS}dashboard-bulk-confirm.png` });
    await confirm.getByRole('button', { name: `Stop ${running.length} guests` }).click();
    await answerStepUpByEmail(page, portal.url, EMAIL);
    await page.getByText(`Bulk stop started for the selected guests (${running.length})`).waitFor();
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });
    await page.getByText(/^Bulk stop finished: \d+ succeeded/).waitFor({ timeout: 30_000 });
    // The parent task ended once every guest had; the list follows without a reload.
    for (const g of running.filter((r) => !r.lock)) expect(fleet.node(n.name).guest(g.vmid).status).toBe('stopped');
    await page.getByTestId('vms-no-match').waitFor();

    // Snapshots of a VM, in the dark theme.
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('vm-state-filter').selectOption('all');
    const vm = [...fleet.node(n.name).guests.values()].find((g) => !g.template && g.type === 'qemu' && !g.lock)!;
    const row = page.locator(`[data-testid="guest-row"][data-vmid="${vm.vmid}"]`);
    await row.getByTestId('vm-snapshots').click();
    const dialog = page.getByTestId('snapshots-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('snapshot-name').fill('e2e-before');
    await dialog.getByTestId('snapshot-description').fill('taken by the browser test');
    await dialog.getByTestId('snapshot-create').click();
    await page.getByText('Snapshot e2e-before taken').waitFor({ timeout: 20_000 });
    const item = dialog.locator('[data-testid="snapshot-item"][data-name="e2e-before"]');
    await item.waitFor();
    expect(await item.textContent()).toContain('taken by the browser test');
    await page.screenshot({ path: `${ARTIFACTS}dashboard-snapshots-dark.png` });

    await item.getByTestId('snapshot-rollback').click();
    const rollback = page.getByRole('dialog', { name: `Roll back ${vm.name} to e2e-before?` });
    expect(await rollback.textContent()).toContain(`The current state of ${vm.name} will be lost`);
    await rollback.getByRole('button', { name: 'Roll back' }).click();
    await page.getByText(`${vm.name} rolled back to e2e-before`).waitFor({ timeout: 20_000 });

    await item.getByTestId('snapshot-delete').click();
    await page.getByRole('dialog', { name: 'Delete snapshot e2e-before?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Snapshot e2e-before deleted').waitFor({ timeout: 20_000 });
    await item.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByTestId('theme-toggle').click();
  }, 90_000);

  it('asks for its first data once, while the page code is still downloading', async () => {
    const reads: { path: string; request: Request }[] = [];
    const onRequest = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (['/api/vms', '/api/hosts', '/api/stats'].includes(path)) reads.push({ path, request });
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
    // …and before the main bundle has even arrived, let alone run. When each read started is Chromium's own time:
    // the request events reach this process later, through the run's browser server (a read without an answer
    // counts as never started).
    const started = await Promise.all(
      reads.map(async (r) => ((await r.request.response()) ? r.request.timing().startTime : Infinity)),
    );
    expect(Math.max(...started)).toBeLessThan(released);
  });

  it('a 401 on load sends the user to /auth', async () => {
    await page.evaluate(`localStorage.setItem('proxai_token', 'not-a-valid-token-000000')`);
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth/);
  }, 30_000);
});
