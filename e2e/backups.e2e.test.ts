import { createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { EvidencePublicKey } from '@proxai/contract';
import { verifyEvidenceFile } from '../apps/server/src/modules/restore-tests/evidence-signing';
import { addHostOverHttp } from './support/hosts';
import { ARTIFACTS, startScene, type Scene, eventually, sceneApi } from './support/scene';
import { uniqueEmail } from './support/shared';

const EMAIL = uniqueEmail('rita@example.org');

describe('backups and restore tests in Chromium', () => {
  let scene: Scene;
  let page: Page;
  let guest: { id: string; name: string; vmid: number };

  beforeAll(async () => {
    scene = await startScene({ email: EMAIL, seed: 19, taskDurationMs: 300 });
    const node = scene.fleet.nodes[0]!;
    await addHostOverHttp(scene.portal, scene.session, node);
    page = scene.page;
    // A VM of the simulated node with a backup on `local` (its guest agent answers once the copy has booted).
    const sim = scene.fleet.node(node.name);
    const backedUp = new Set((sim.storages.get('local')?.backups ?? []).map((b) => b.vmid));
    const vm = [...sim.guests.values()].find((g) => g.type === 'qemu' && !g.template && backedUp.has(g.vmid));
    if (!vm) throw new Error('the simulated node has no VM with a backup on local');
    vm.agent = true;
    vm.agentRunning = true;
    // The portal knows the guest, and its inventory lists the backup (refreshed in the background).
    guest = await eventually(async () => {
      const vms = await sceneApi<{ id: string; name: string; vmid: number }[]>(scene, '/vms');
      const found = vms.find((v) => v.vmid === vm.vmid);
      if (!found) return undefined;
      const backups = await sceneApi<{ items: unknown[] }>(scene, `/backups?guest_id=${found.id}`);
      return backups.items.length > 0 ? found : undefined;
    }, 120_000);
  }, 180_000);
  afterAll(async () => {
    await scene?.close();
  });

  it('lists the guest’s backups on its page and in the inventory', async () => {
    await page.goto(`/vms/${guest.id}`);
    await page.getByRole('heading', { name: guest.name }).waitFor();
    await page.getByTestId('guest-backup-tabs').getByTestId('backup-row').first().waitFor();
    expect(await page.getByTestId('storages-readable').textContent()).toContain('local');
    await page.getByTestId('guest-backup-tabs').screenshot({ path: `${ARTIFACTS}backups-guest-tab.png` });

    await page.getByTestId('nav-backups').click();
    await page.waitForURL(/\/backups$/);
    await expect.poll(() => page.getByTestId('backup-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('nav-backups').getAttribute('aria-current'), { timeout: 10_000 }).toBe('page');
    await page.screenshot({ path: `${ARTIFACTS}backups-inventory.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Coverage' }).click();
    await page.getByTestId('coverage-without').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}backups-coverage.png`, fullPage: true });
  }, 60_000);

  it('runs a restore test from the guest page and reads its evidence', async () => {
    await page.goto(`/vms/${guest.id}?tab=restore-tests`);
    await page.getByTestId('guest-run-test').click();
    const dialog = page.getByRole('dialog', { name: `Run a restore test of ${guest.name}` });
    // The newest backup by default, on the guest's node, with the agent ping probe.
    await expect
      .poll(() => dialog.getByTestId('run-test-backup').locator('option').count(), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await expect(dialog.getByTestId('probe-type').inputValue()).resolves.toBe('agent_ping');
    await page.screenshot({ path: `${ARTIFACTS}restore-test-dialog.png`, fullPage: true });
    await dialog.getByTestId('run-test-submit').click();

    // The test's page follows it until it ends.
    await page.waitForURL(/\/restore-tests\/[0-9a-f-]{36}$/);
    const testId = page.url().split('/').at(-1)!;
    await expect
      .poll(() => page.getByTestId('detail-status').getByTestId('restore-test-status').getAttribute('data-status'), {
        timeout: 150_000,
        interval: 1000,
      })
      .toMatch(/^(passed|failed|skipped)$/);
    const reason =
      (await page.getByTestId('detail-reason').count()) > 0 ? await page.getByTestId('detail-reason').textContent() : '';
    expect(
      await page.getByTestId('detail-status').getByTestId('restore-test-status').getAttribute('data-status'),
      reason ?? '',
    ).toBe('passed');
    expect(await page.getByTestId('detail-rto').textContent()).toMatch(/\d/);
    await expect(page.getByTestId('probe-result').first().getAttribute('data-ok')).resolves.toBe('true');
    // The proofs the signed evidence carries: every NIC down before start, the copy and its disks gone after.
    await expect(page.getByTestId('isolation-check').getAttribute('data-ok')).resolves.toBe('true');
    await expect(page.getByTestId('cleanup-check').getAttribute('data-ok')).resolves.toBe('true');
    expect(await page.getByTestId('isolation-proof').textContent()).toContain('link_down=1');
    await page.screenshot({ path: `${ARTIFACTS}restore-test-detail.png`, fullPage: true });

    // "Download evidence" saves the signed file byte for byte: it verifies offline with the portal's public key,
    // and no longer once one byte is changed.
    const downloadEvent = page.waitForEvent('download');
    await page.getByTestId('evidence-download').click();
    const download = await downloadEvent;
    const file = path.join(ARTIFACTS, download.suggestedFilename());
    await download.saveAs(file);
    const text = fs.readFileSync(file, 'utf8');
    const key = await sceneApi<EvidencePublicKey>(scene, '/evidence/public-key');
    const publicKey = createPublicKey(key.public_key_pem);
    const check = verifyEvidenceFile(text, publicKey);
    expect(check.ok, JSON.stringify(check)).toBe(true);
    if (check.ok) {
      expect(check.evidence.restore_test_id).toBe(testId);
      expect(check.evidence.guest.vmid).toBe(guest.vmid);
      expect(check.evidence.result.status).toBe('passed');
      expect(check.evidence.isolation.all_links_down).toBe(true);
    }
    const at = text.indexOf('"passed"') + 1;
    const edited = `${text.slice(0, at)}${text[at] === 'p' ? 'P' : 'p'}${text.slice(at + 1)}`;
    expect(verifyEvidenceFile(edited, publicKey).ok).toBe(false);

    // The history and the per-guest summary on /restore-tests, in the dark theme too.
    await page.getByTestId('back-to-tests').click();
    await page.waitForURL(/\/restore-tests$/);
    const row = page.getByTestId('summary-row').filter({ hasText: guest.name });
    await expect
      .poll(() => row.getByTestId('restore-test-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('passed');
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('history-row').first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}restore-tests-dark.png`, fullPage: true });
    await page.getByTestId('theme-toggle').click();
  }, 240_000);
});
