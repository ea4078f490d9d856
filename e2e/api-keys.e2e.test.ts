import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addHostOverHttp } from './support/hosts';
import { answerStepUpByEmail } from './support/mfa';
import { ARTIFACTS, eventually, sceneApi, startScene, type Scene } from './support/scene';
import { uniqueEmail } from './support/shared';

const EMAIL = uniqueEmail('scripts@api-keys.example');
const KEY_NAME = 'Inventory script';
const HOST_NAME = 'Lab node';

interface Vm {
  id: string;
  host_id: string;
}

/** A request to the portal's API carrying the key's secret, as a script would. */
const withKey = (scene: Scene, secret: string, path: string, init: RequestInit = {}) =>
  fetch(`${scene.portal.url}/api${path}`, { ...init, headers: { authorization: `Bearer ${secret}`, ...init.headers } });

describe('API keys in Chromium', () => {
  let scene: Scene;
  let page: Page;
  let hostId = '';
  /** Read in the page; the later steps need it and fail at once without it. */
  let secret = '';
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const serverErrors: string[] = [];

  const keyRow = () => page.getByTestId('api-key-row').filter({ hasText: KEY_NAME });

  beforeAll(async () => {
    scene = await startScene({ email: EMAIL, seed: 23, taskDurationMs: 300 });
    hostId = (await addHostOverHttp(scene.portal, scene.session, scene.fleet.nodes[0]!, HOST_NAME)).id;
    // The node's guests are in the inventory before a key reads them.
    await eventually(async () => ((await sceneApi<Vm[]>(scene, '/vms')).length > 0 ? true : undefined), 60_000);
    page = scene.page;
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // A step-up first answers 401: Chromium logs each refused request as "Failed to load resource".
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) consoleErrors.push(msg.text());
    });
    page.on('response', (res) => {
      if (res.status() >= 500) serverErrors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
  });
  afterAll(async () => {
    await scene?.close();
  });

  it('the account menu leads to /settings/api-keys: how to use a key, and no key yet', async () => {
    await page.evaluate("localStorage.setItem('proxai_theme', 'light')");
    await page.goto('/dashboard');
    await page.getByTestId('api-keys-link').click();
    await page.waitForURL('**/settings/api-keys');
    await page.getByTestId('api-keys-empty').waitFor();
    expect(await page.getByTestId('api-keys-usage-header').textContent()).toBe('Authorization: Bearer <secret>');
    expect(await page.getByTestId('api-keys-docs-link').getAttribute('href')).toBe('/api/docs');
  });

  it('creates a read-only key for the host after a step-up by e-mail, and shows its secret once', async () => {
    await page.getByTestId('api-key-create').click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByTestId('api-key-name').fill(KEY_NAME);
    await dialog.getByTestId('api-key-preset-readOnly').click();
    await dialog.getByRole('checkbox', { name: HOST_NAME }).check();
    await dialog.getByTestId('api-key-expiry-30').click();
    await dialog.getByTestId('api-key-submit').click();
    await answerStepUpByEmail(page, scene.portal.url, EMAIL);

    const field = page.getByTestId('api-key-secret');
    await field.waitFor();
    secret = await field.inputValue();
    scene.portal.track(secret);
    expect(secret).toMatch(/^pxk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(await page.getByTestId('api-key-secret-warning').textContent()).toContain('This secret will not be shown again.');
    await page.screenshot({ path: `${ARTIFACTS}api-keys-secret-light.png` });

    // The list behind it names the key by its prefix, the start of the secret.
    await keyRow().waitFor();
    const prefix = (await keyRow().getByTestId('api-key-prefix').textContent()) ?? '';
    expect(secret.startsWith(`${prefix}_`)).toBe(true);
    expect(await keyRow().getByTestId('api-key-scopes').textContent()).toContain('See the fleet');
    expect(await keyRow().getByTestId('api-key-reach').textContent()).toBe(`Hosts: ${HOST_NAME}`);
    expect(await keyRow().getByTestId('api-key-last-used').textContent()).toBe('Never used');

    await page.getByTestId('api-key-secret-done').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('api-key-secret').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(secret);
  });

  it('the key reads /api/vms and /api/hosts within its host, and may not sync it (fleet.read only)', async () => {
    expect(secret, 'no secret was read').not.toBe('');
    const vms = await withKey(scene, secret, '/vms');
    expect(vms.status).toBe(200);
    const guests = (await vms.json()) as Vm[];
    expect(guests.length).toBe((await sceneApi<Vm[]>(scene, '/vms')).length);
    expect(guests.every((g) => g.host_id === hostId)).toBe(true);

    const hosts = await withKey(scene, secret, '/hosts');
    expect(hosts.status).toBe(200);
    expect(((await hosts.json()) as { id: string }[]).map((h) => h.id)).toEqual([hostId]);

    const sync = await withKey(scene, secret, `/hosts/${hostId}/sync`, { method: 'POST' });
    expect(sync.status).toBe(403);
    // A key is not a person: it never reaches the person's own calls, and cannot make keys.
    expect((await withKey(scene, secret, '/auth/me')).status).toBe(403);
  });

  it('the list shows when and from where the key was last used, in both themes and in Arabic', async () => {
    expect(secret, 'no secret was read').not.toBe('');
    await page.reload();
    await keyRow().waitFor();
    expect(await keyRow().getByTestId('api-key-last-used').textContent()).toContain('127.0.0.1');
    expect(await page.locator('body').innerText()).not.toContain(secret);
    await page.screenshot({ path: `${ARTIFACTS}api-keys-list-light.png`, fullPage: true });

    await page.evaluate("localStorage.setItem('proxai_theme', 'dark'); localStorage.setItem('proxai_language', 'ar')");
    await page.reload();
    await keyRow().waitFor();
    expect(await page.evaluate<string>('document.documentElement.dir')).toBe('rtl');
    expect(await page.getByTestId('api-key-create').textContent()).toBe('إنشاء مفتاح');
    await page.screenshot({ path: `${ARTIFACTS}api-keys-list-ar-dark.png`, fullPage: true });
    await page.evaluate("localStorage.setItem('proxai_theme', 'light'); localStorage.setItem('proxai_language', 'en')");
    await page.reload();
    await keyRow().waitFor();
  });

  it('revoking the key in the page refuses it at once; it stays listed as revoked', async () => {
    expect(secret, 'no secret was read').not.toBe('');
    const revoke = keyRow().getByTestId('api-key-revoke');
    await revoke.click();
    const dialog = page.getByRole('dialog', { name: `Revoke the key “${KEY_NAME}”?` });
    await dialog.getByTestId('confirm-accept').click();
    await dialog.waitFor({ state: 'detached' });
    await keyRow().getByTestId('api-key-revoked').waitFor();
    expect(await keyRow().getByTestId('api-key-revoke').count()).toBe(0);

    const refused = await withKey(scene, secret, '/vms');
    expect(refused.status).toBe(401);
    await page.screenshot({ path: `${ARTIFACTS}api-keys-revoked-light.png`, fullPage: true });

    expect(pageErrors, `uncaught errors in the page:\n${pageErrors.join('\n')}`).toEqual([]);
    expect(consoleErrors, `console errors:\n${consoleErrors.join('\n')}`).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});
