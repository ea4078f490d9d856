import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addHostOverHttp } from './support/hosts';
import { ARTIFACTS, startScene, type Scene } from './support/scene';
import { uniqueEmail } from './support/shared';

const EMAIL = uniqueEmail('sam@example.org');

describe('automation in Chromium', () => {
  let scene: Scene;
  let page: Page;

  beforeAll(async () => {
    scene = await startScene({ email: EMAIL, seed: 7, taskDurationMs: 300 });
    await addHostOverHttp(scene.portal, scene.session, scene.fleet.nodes[0]!);
    page = scene.page;
  }, 90_000);
  afterAll(async () => {
    await scene?.close();
  });

  it('opens from the dashboard, creates a schedule with the cron helper and finds it in the planner', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('nav-automation').click();
    await page.waitForURL(/\/automation$/);
    await page.getByTestId('schedules-empty').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}automation-empty.png`, fullPage: true });

    await page.getByTestId('schedule-create').click();
    const dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByTestId('schedule-name').fill('Nightly snapshots');
    // Every day at 02:00, the default: the helper lists the next five runs.
    await dialog.getByTestId('cron-preset-daily').check({ force: true });
    await dialog.getByTestId('cron-time').fill('02:00');
    await expect(dialog.getByTestId('cron-next-runs').getByRole('listitem').count()).resolves.toBe(5);
    await page.screenshot({ path: `${ARTIFACTS}automation-editor.png`, fullPage: true });
    await dialog.getByTestId('schedule-save').click();
    await page.getByText('Schedule Nightly snapshots created').waitFor();

    const row = page.getByTestId('schedule-row').filter({ hasText: 'Nightly snapshots' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Every day at 02:00 AM');
    expect(await row.getByTestId('schedule-next').textContent()).not.toBe('—');
    await page.screenshot({ path: `${ARTIFACTS}automation-schedules.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Planner' }).click();
    const blocks = page.locator('[data-testid="plan-block"][aria-label^="Nightly snapshots"]');
    // A week that has started may have its nights behind it: the next one has them all.
    const found = await blocks
      .first()
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!found) {
      await page.getByTestId('week-next').click();
      await blocks.first().waitFor();
    }
    const label = await blocks.first().getAttribute('aria-label');
    expect(label).toMatch(/^Nightly snapshots, Snapshot policy, \w+day, \w+ \d+ 02:00 AM–02:\d\d AM, on Lab node\.$/);
    // Keyboard: the block takes the focus and opens its details.
    await blocks.first().focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('occurrence-detail').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}automation-planner.png`, fullPage: true });

    // The same runs as a list, for screen readers.
    await page.getByTestId('planner-view-list').click();
    const items = page.locator('[data-testid="plan-item"]', { hasText: 'Nightly snapshots' });
    expect(await items.count()).toBeGreaterThan(0);
  }, 60_000);

  it('reads the same in the dark theme and in Arabic, right to left', async () => {
    await page.evaluate("localStorage.setItem('proxai_theme', 'dark'); localStorage.setItem('proxai_language', 'ar')");
    await page.goto('/automation?tab=planner');
    await page.locator('[data-testid="plan-block"], [data-testid="planner-empty"]').first().waitFor();
    expect(await page.evaluate('document.documentElement.dir')).toBe('rtl');
    expect(await page.evaluate("document.documentElement.classList.contains('dark')")).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}automation-planner-ar-dark.png`, fullPage: true });
    await page.goto('/automation');
    await page.getByTestId('schedule-row').first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}automation-schedules-ar-dark.png`, fullPage: true });
    await page.evaluate("localStorage.setItem('proxai_theme', 'light'); localStorage.setItem('proxai_language', 'en')");
  }, 30_000);
});
