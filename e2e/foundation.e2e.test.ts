import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './support/browser';
import type { PortalHandle } from './support/portal';
import { connectBrowser, sharedPortal } from './support/shared';

describe('foundation in Chromium', () => {
  let portal: PortalHandle;
  let browser: Browser;
  beforeAll(async () => {
    portal = sharedPortal('pglite');
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the landing page', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/');
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    await context.close();
  });

  it('sends /dashboard without a token to /auth, and unknown paths to /', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await page.goto('/licenses');
    await page.waitForURL('**/auth');
    await page.goto('/nope');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('keeps the dark theme after a reload', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/');
    expect((await page.locator('html').getAttribute('class')) ?? '').not.toContain('dark');
    await page.getByTestId('theme-toggle').first().click();
    await expect.poll(async () => (await page.locator('html').getAttribute('class')) ?? '').toContain('dark');
    await page.reload();
    await expect.poll(async () => (await page.locator('html').getAttribute('class')) ?? '').toContain('dark');
    await context.close();
  });

  it('switches to Arabic right-to-left', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/');
    await page.getByTestId('language-select').first().selectOption('ar');
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await context.close();
  });

  it('renders /api/docs from /api/openapi.json without CSP violations', async () => {
    const { context, page } = await newPage(browser, portal.url);
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.swagger-ui .info .title').first().textContent()).toContain('ProxAI API');
    expect(violations).toEqual([]);
    await context.close();
  });
});
