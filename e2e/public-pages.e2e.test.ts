import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './support/browser';
import type { PortalHandle } from './support/portal';
import { connectBrowser, sharedPortal } from './support/shared';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = path.join(root, 'e2e', 'artifacts');

/** Reads a string from a locale file, so the test follows the copy instead of duplicating it. */
function copy(lng: string, ns: string, key: string): string {
  const data = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src/locales', lng, `${ns}.json`), 'utf8')) as unknown;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);
  if (typeof value !== 'string') throw new Error(`${lng}/${ns}.json has no string at ${key}`);
  return value;
}

const PAGES: { path: string; ns: string; key: string }[] = [
  { path: '/product', ns: 'product', key: 'hero.title' },
  { path: '/old-product', ns: 'legacy', key: 'product.title' },
  { path: '/technologies', ns: 'technologies', key: 'hero.title' },
  { path: '/install', ns: 'install', key: 'hero.title' },
  { path: '/about', ns: 'about', key: 'hero.title' },
  { path: '/blog', ns: 'blog', key: 'hero.title' },
  { path: '/use-cases', ns: 'usecases', key: 'hero.title' },
  { path: '/why-proxai', ns: 'why', key: 'hero.title' },
  { path: '/legal/privacy', ns: 'legal', key: 'privacy.title' },
  { path: '/legal/mentions', ns: 'legal', key: 'mentions.title' },
  { path: '/legal/cgv', ns: 'legal', key: 'cgv.title' },
];

describe('public pages (part B) in Chromium', () => {
  let portal: PortalHandle;
  let browser: Browser;
  beforeAll(async () => {
    fs.mkdirSync(artifacts, { recursive: true });
    portal = sharedPortal('pglite');
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders each page with its French h1', async () => {
    const { context, page } = await newPage(browser, portal.url);
    for (const { path: route, ns, key } of PAGES) {
      await page.goto(route);
      const h1 = page.locator('h1');
      await expect.poll(() => h1.first().textContent(), { message: route }).toBe(copy('fr', ns, key));
      expect(await h1.count(), `${route} has one h1`).toBe(1);
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    }
    await context.close();
  });

  it('shows the privacy policy for an unknown legal type', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/legal/unknown');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(copy('fr', 'legal', 'privacy.title'));
    expect(await page.locator('[data-legal-type]').getAttribute('data-legal-type')).toBe('privacy');
    expect(page.url()).toContain('/legal/unknown');
    await context.close();
  });

  it('links the install guide of the current language and serves the PDF', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/install');
    const link = page.getByTestId('install-guide-link');
    await expect.poll(() => link.getAttribute('href')).toBe('/guides/install-fr.pdf');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');

    await page.getByTestId('language-select').first().selectOption('ja');
    await expect.poll(() => link.getAttribute('href')).toBe('/guides/install-ja.pdf');

    for (const href of ['/guides/install-fr.pdf', '/guides/install-ja.pdf']) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type']).toContain('application/pdf');
      expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    await context.close();
  });

  it('falls back to the French guide for a browser language outside the nine', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'ko-KR' });
    await page.goto('/install');
    await expect.poll(() => page.getByTestId('install-guide-link').getAttribute('href')).toBe('/guides/install-fr.pdf');
    await context.close();
  });

  it('renders /product right-to-left in Arabic', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'ar' });
    await page.goto('/product');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(copy('ar', 'product', 'hero.title'));
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    // Logical classes: the start of a category card's feature list is on the right in rtl.
    const direction = await page.evaluate("getComputedStyle(document.querySelector('#categories ul')).direction");
    expect(direction).toBe('rtl');
    await page.screenshot({ path: path.join(artifacts, 'product-ar.png'), fullPage: false });
    await context.close();
  });

  it('goes back to / from the back button', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/about');
    await page.getByTestId('back-home').click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('keeps the blog load-more button disabled with its explanation', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/blog');
    const more = page.getByRole('button', { name: copy('fr', 'blog', 'loadMore') });
    await expect.poll(() => more.isDisabled()).toBe(true);
    expect(await page.locator('article').count()).toBe(6);
    expect(
      await page
        .getByText(copy('fr', 'blog', 'loadMoreHint'))
        .first()
        .isVisible(),
    ).toBe(true);
    await context.close();
  });
});
