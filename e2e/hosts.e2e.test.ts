import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addHostOverHttp } from './support/hosts';
import { ARTIFACTS, startScene, type Scene } from './support/scene';
import { uniqueEmail } from './support/shared';

const EMAIL = uniqueEmail('robin@example.org');

// Editing a host from its card: it keeps its guests while renamed, and credentials that fail on the host are
// refused with the host's reason while the stored ones stay in use.
describe('host editing in Chromium', () => {
  let scene: Scene;
  let page: Page;

  beforeAll(async () => {
    scene = await startScene({ email: EMAIL, seed: 11, taskDurationMs: 300, secrets: ['not-the-password'] });
    await addHostOverHttp(scene.portal, scene.session, scene.fleet.nodes[0]!);
    page = scene.page;
  }, 90_000);
  afterAll(async () => {
    await scene?.close();
  });

  it('renames a host from its card, and its guests stay', async () => {
    await page.goto('/dashboard');
    const card = page.getByTestId('host-card').filter({ hasText: 'Lab node' });
    await card.waitFor();
    const rows = page.getByTestId('guest-row');
    await rows.first().waitFor();
    const guestsBefore = await rows.count();
    expect(guestsBefore).toBeGreaterThan(0);

    await card.getByTestId('host-edit').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Lab node' });
    await dialog.getByLabel('New name').fill('Rack 2 node');
    await page.screenshot({ path: `${ARTIFACTS}host-edit.png`, fullPage: true });
    await dialog.getByTestId('edit-host-name-submit').click();
    await page.getByText('Host renamed.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByTestId('host-card').filter({ hasText: 'Rack 2 node' }).waitFor();
    expect(await page.getByTestId('host-card').filter({ hasText: 'Lab node' }).count()).toBe(0);
    expect(await rows.count()).toBe(guestsBefore);
  }, 60_000);

  it('refuses credentials the host rejects, with its reason, and keeps the working ones', async () => {
    const card = page.getByTestId('host-card').filter({ hasText: 'Rack 2 node' });
    await card.getByTestId('host-edit').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Rack 2 node' });
    const form = dialog.getByTestId('edit-host-credentials-form');
    await form.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByTestId('edit-host-credentials-submit').click();
    // The host's own refusal comes back in words; nothing is replaced.
    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('alert').textContent()).toMatch(/authentication|password|credentials/i);
    await page.screenshot({ path: `${ARTIFACTS}host-edit-refused.png`, fullPage: true });
    await page.keyboard.press('Escape');

    // The stored credentials still work: a sync answers from the host.
    await card.getByTestId('host-sync').click();
    await page.getByText(/^Synced Rack 2 node/).waitFor();
  }, 60_000);
});
