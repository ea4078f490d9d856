import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addHostOverHttp } from './support/hosts';
import { ARTIFACTS, startScene, type Scene, eventually, sceneApi } from './support/scene';
import { uniqueEmail } from './support/shared';

const EMAIL = uniqueEmail('mona@example.org');

/** The charts' first series colour per theme (features/monitoring/components/metric-chart.tsx PALETTE). */
const FIRST_SERIES = { light: [234, 88, 12], dark: [251, 146, 60] } as const;

/**
 * How many pixels of the CPU chart's canvas have about the colour `rgb` (antialiasing makes a thin line's pixels
 * partly transparent; their colour stays). Runs in the page.
 */
function pixelsNear(page: Page, rgb: readonly number[]): Promise<number> {
  return page.evaluate(`(() => {
    const canvas = document.querySelector('[data-testid="chart-cpu"] canvas');
    if (!canvas) return -1;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const [r, g, b] = ${JSON.stringify(rgb)};
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 60 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 40) n++;
    }
    return n;
  })()`);
}

describe('monitoring in Chromium', () => {
  let scene: Scene;
  let page: Page;
  let guest: { id: string; name: string };

  beforeAll(async () => {
    scene = await startScene({ email: EMAIL, seed: 18, taskDurationMs: 300 });
    await addHostOverHttp(scene.portal, scene.session, scene.fleet.nodes[0]!);
    page = scene.page;
    // A running guest whose last hour the backfill from rrddata has written (the host was added seconds ago: until
    // then its chart holds one live sample, a single point that a hover can miss between two renders).
    guest = await eventually(async () => {
      const vms = await sceneApi<{ id: string; name: string; state: string }[]>(scene, '/vms');
      for (const vm of vms.filter((v) => v.state === 'running')) {
        const series = await sceneApi<{ series: Record<string, (number | null)[]> }>(scene, `/metrics/guest/${vm.id}?range=1h`);
        if ((series.series.cpu ?? []).filter((v) => v !== null).length >= 50) return vm;
      }
      return undefined;
    }, 90_000);
  }, 150_000);
  afterAll(async () => {
    await scene?.close();
  });

  it('opens a guest from the dashboard and draws its charts with a legend, in the light theme', async () => {
    await page.goto('/dashboard');
    // The fleet overview (top consumers, storage filling up) is on the dashboard, without any chart library.
    await page.getByTestId('fleet-overview').getByTestId('overview-cpu').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}monitoring-dashboard.png`, fullPage: true });
    await page.locator(`[data-testid="guest-link"][href="/vms/${guest.id}"]`).click();
    await page.waitForURL(new RegExp(`/vms/${guest.id}$`));
    await page.getByRole('heading', { name: guest.name }).waitFor();
    await page.getByTestId('chart-cpu').locator('canvas').waitFor();
    await page.getByTestId('range').getByText('1 h', { exact: true }).click();
    await page.waitForURL(/range=1h/);
    // The legend names each series; the memory badge says where the figure comes from.
    await expect(page.getByTestId('chart-cpu').locator('.u-legend').textContent()).resolves.toContain('CPU used');
    await expect(page.getByTestId('memory-source').textContent()).resolves.toMatch(/^Memory: /);
    await page.screenshot({ path: `${ARTIFACTS}monitoring-guest-light.png`, fullPage: true });
    await expect.poll(() => pixelsNear(page, FIRST_SERIES.light), { timeout: 10_000 }).toBeGreaterThan(10);
    expect(await pixelsNear(page, FIRST_SERIES.dark)).toBeLessThan(5);
    // Hovering the chart shows the crosshair tooltip with a unit: a quarter of an hour ago, a backfilled minute (the
    // tooltip follows the cursor on the next render, so its text is awaited, not read once).
    const over = page.getByTestId('chart-cpu').locator('.u-over');
    const tooltip = page.getByTestId('chart-cpu').getByTestId('chart-tooltip');
    const box = (await over.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
    await expect.poll(async () => (await tooltip.textContent()) ?? '', { timeout: 5_000 }).toMatch(/CPU used: [\d.]+ %/);
  }, 60_000);

  it('redraws the charts in the dark theme', async () => {
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate("document.documentElement.classList.contains('dark')")).toBe(true);
    await expect.poll(() => pixelsNear(page, FIRST_SERIES.dark), { timeout: 10_000 }).toBeGreaterThan(10);
    expect(await pixelsNear(page, FIRST_SERIES.light)).toBeLessThan(5);
    await page.screenshot({ path: `${ARTIFACTS}monitoring-guest-dark.png`, fullPage: true });
    // The same data as tables, for screen readers.
    await page.getByTestId('view').getByText('Tables', { exact: true }).click();
    await page.waitForURL(/view=table/);
    await page.getByRole('table', { name: /^CPU, last hour/ }).waitFor();
    await page.getByTestId('theme-toggle').click();
  }, 30_000);

  it('opens the host page from the guest page, the alerts page and the settings pages', async () => {
    await page.goto(`/vms/${guest.id}`);
    await page.getByTestId('guest-facts').getByRole('link').click();
    await page.waitForURL(/\/hosts\/[0-9a-f-]+$/);
    await page.getByTestId('chart-cpu').locator('canvas').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}monitoring-host.png`, fullPage: true });

    await page.goto('/alerts');
    await page.locator('[data-testid="alert-row"], [data-testid="alerts-empty-active"]').first().waitFor();
    await page.getByTestId('alerts-bell').waitFor();
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.getByTestId('rule-card').first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}monitoring-alerts.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Active' }).click();
    await page.getByTestId('notifications-link').click();
    await page.waitForURL(/\/settings\/notifications$/);
    await page.locator('[data-testid="channel-row"], [data-testid="channels-empty"]').first().waitFor();
    await page.getByTestId('preferences').getByLabel('Send me alerts by e-mail').waitFor();
    await page.getByTestId('metrics-settings-link').click();
    await page.waitForURL(/\/settings\/metrics$/);
    await expect(page.getByTestId('collection-row').first().textContent()).resolves.toContain('Lab node');
    await page.getByTestId('scrape-token-state').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}monitoring-settings.png`, fullPage: true });
  }, 45_000);
});
