import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { newPage } from './support/browser';
import type { PortalHandle } from './support/portal';
import { connectBrowser, sharedPortal, uniqueEmail } from './support/shared';

// The run's portal on PostgreSQL, so the test can read what the contact form stored.
const CONTACT_EMAIL = uniqueEmail('camille.e2e@example.fr');
const NEWSLETTER_EMAIL = uniqueEmail('admin.e2e@example.fr');
const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
/** Waits until the address (path + hash) is `target`: client-side navigations fire no load event. */
async function atPath(page: Page, target: string) {
  await expect
    .poll(() => {
      const u = new URL(page.url());
      return `${u.pathname}${u.hash}`;
    })
    .toBe(target);
}
/** Opens a path and waits until the lazily loaded page has rendered its heading. */
async function open(page: Page, target: string) {
  page.on('pageerror', (e) => console.error(`page error on ${target}: ${e.message}`));
  await page.goto(target);
  await page.locator('h1').first().waitFor({ state: 'visible' });
}
// The e2e project has no DOM typings: the few browser-side callbacks name what they use.
interface HasAttribute {
  getAttribute(name: string): string | null;
}
interface HasRect {
  getBoundingClientRect(): { top: number };
}
const navigationState = () =>
  (globalThis as unknown as { history: { state: { usr?: unknown } | null } }).history.state?.usr ?? null;
const digits = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\D/g, '');

describe('public site in Chromium', () => {
  let portal: PortalHandle;
  let browser: Browser;

  beforeAll(async () => {
    portal = sharedPortal('postgres');
    browser = await connectBrowser();
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('every site-navigation and footer link reaches its page', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await open(page, '/pricing');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const navHrefs = await nav.locator('a').evaluateAll((as: HasAttribute[]) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(navHrefs).toEqual([
      '/',
      '/product',
      '/pricing',
      '/marketplace',
      '/migration-vmware',
      '/install',
      '/why-proxai',
      '/contact',
      '/auth',
    ]);
    expect(await nav.locator('a[aria-current="page"]').getAttribute('href')).toBe('/pricing');
    const footerHrefs = await page
      .getByTestId('site-footer')
      .locator('nav a')
      .evaluateAll((as: HasAttribute[]) => as.map((a) => a.getAttribute('href') ?? ''));
    expect([...footerHrefs].sort()).toEqual(
      [
        '/product',
        '/why-proxai',
        '/technologies',
        '/install',
        '/#pricing',
        '/pricing',
        '/migration-vmware',
        '/use-cases',
        '/blog',
        '/about',
        '/contact',
        '/legal/privacy',
        '/legal/mentions',
        '/legal/cgv',
      ].sort(),
    );
    footerHrefs.sort((a, b) => Number(a === '/#pricing') - Number(b === '/#pricing'));
    // Client-side navigation there and back (history) keeps this fast: one full load per list.
    for (const href of navHrefs.slice(1)) {
      await nav.locator(`a[href="${href}"]`).click();
      await atPath(page, href);
      await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
      // A link to the current page replaces the history entry: nothing to go back to.
      if (href === '/pricing') continue;
      await page.goBack();
      await atPath(page, '/pricing');
      await nav.waitFor();
    }
    await nav.locator('a[href="/"]').click();
    await atPath(page, '/');
    await page.locator('#pricing').waitFor();
    await open(page, '/contact');
    const footer = page.getByTestId('site-footer');
    for (const href of footerHrefs) {
      await footer.locator(`a[href="${href}"]`).click();
      await atPath(page, href);
      await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
      if (href === '/#pricing') break;
      if (href === '/contact') continue;
      await page.goBack();
      await atPath(page, '/contact');
      await footer.waitFor();
    }
    // The footer's '#pricing' lands on the landing page's pricing section.
    await expect
      .poll(() => page.locator('#pricing').evaluate((el: HasRect) => Math.abs(el.getBoundingClientRect().top) < 200))
      .toBe(true);
    await context.close();
  });

  it('legacy variants render with a link to the current page', async () => {
    const { context, page } = await newPage(browser, portal.url);
    for (const [legacy, current] of [
      ['/old-home', '/'],
      ['/old-pricing', '/pricing'],
    ] as const) {
      await open(page, legacy);
      await page.getByRole('note').getByRole('link').click();
      await atPath(page, current);
    }
    await open(page, '/old-pricing');
    expect(await digits(page, 'price-pro')).toBe('29');
    await context.close();
  });

  it('small screens: the site navigation folds into a burger menu', async () => {
    const { context, page } = await newPage(browser, portal.url, { viewport: { width: 390, height: 844 } });
    await open(page, '/marketplace');
    const burger = page.getByTestId('site-burger');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#site-menu').count()).toBe(0);
    await burger.click();
    const menu = page.locator('#site-menu');
    expect(await menu.locator('a[aria-current="page"]').getAttribute('href')).toBe('/marketplace');
    await menu.locator('a[href="/contact"]').click();
    await atPath(page, '/contact');
    expect(await page.locator('#site-menu').count()).toBe(0);
    await context.close();
  });

  it('landing top bar: links, translucent after 50 px, demo video from /media, pricing scroll', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await open(page, '/');
    const bar = page.getByTestId('landing-topbar');
    const hrefs = await bar.locator('a').evaluateAll((as: HasAttribute[]) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/', '/product', '#pricing', '/install', '/why-proxai', '/auth']);
    expect(await bar.getAttribute('data-scrolled')).toBe('false');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => bar.getAttribute('data-scrolled')).toBe('true');
    await page.mouse.wheel(0, -2000);
    await expect.poll(() => bar.getAttribute('data-scrolled')).toBe('false');
    expect(
      await page
        .locator('[data-glow-size]')
        .evaluateAll((els: HasAttribute[]) => els.map((e) => e.getAttribute('data-glow-size'))),
    ).toEqual(['600', '400', '300']);
    expect(await page.locator('#features [data-testid^="feature-"]').count()).toBe(4);
    expect(await page.locator('#pricing [data-testid^="plan-"]').count()).toBe(3);
    expect(await page.getByTestId('plan-pro').textContent()).toContain('Populaire');
    // The media are local files of our own dashboard (no outside host).
    for (const [file, type] of [
      ['/media/dashboard.webp', 'image/webp'],
      ['/media/dashboard-demo.webm', 'video/webm'],
    ]) {
      const res = await fetch(`${portal.url}${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
    }
    await page.getByTestId('hero-demo').click();
    const video = page.getByTestId('demo-video');
    await expect.poll(() => video.isVisible()).toBe(true);
    expect(await video.getAttribute('src')).toBe('/media/dashboard-demo.webm');
    await page.keyboard.press('Escape');
    await expect.poll(() => video.count()).toBe(0);
    await page.getByTestId('hero-pricing').click();
    // A smooth scroll of ~3,400 px: it lands after a second or more on a loaded machine (poll's default is 1 s).
    await expect
      .poll(() => page.locator('#pricing').evaluate((el: HasRect) => Math.abs(el.getBoundingClientRect().top) < 120), {
        timeout: 5000,
      })
      .toBe(true);
    await context.close();
  });

  it('pricing toggle shows 9/29 monthly then 8/24 per month yearly; plan buttons carry {plan, billing}', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await open(page, '/pricing');
    expect(await digits(page, 'price-essential')).toBe('9');
    expect(await digits(page, 'price-pro')).toBe('29');
    expect(await page.getByTestId('billing-monthly').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('billing-yearly').click();
    expect(await digits(page, 'price-essential')).toBe('8');
    expect(await digits(page, 'price-pro')).toBe('24');
    expect(await page.getByText('-17 % · 2 mois offerts').isVisible()).toBe(true);
    await page.getByTestId('choose-pro').click();
    await page.waitForURL('**/auth');
    expect(await page.evaluate(navigationState)).toEqual({ plan: 'pro', billing: 'yearly' });
    await page.goto('/pricing');
    await page.getByTestId('choose-enterprise').click();
    await page.waitForURL('**/auth');
    expect(await page.evaluate(navigationState)).toBeNull();
    await context.close();
  });

  it("marketplace: 52 extensions, category counts, search 'backup' combined with a category", async () => {
    const { context, page } = await newPage(browser, portal.url);
    await open(page, '/marketplace');
    const counts = await Promise.all(
      ['all', 'monitoring', 'security', 'backup', 'automation', 'integrations', 'storage'].map((c) =>
        page.getByTestId(`category-count-${c}`).textContent(),
      ),
    );
    expect(counts).toEqual(['52', '12', '8', '6', '10', '9', '7']);
    expect(await page.getByTestId('extension-card').count()).toBe(52);
    await page.getByTestId('marketplace-search').fill('BackUp');
    await expect.poll(() => page.getByTestId('extension-card').count()).toBe(7);
    expect(await page.getByTestId('marketplace-count').textContent()).toBe('Résultats : 7');
    await page.getByTestId('category-backup').click();
    await expect.poll(() => page.getByTestId('extension-card').count()).toBe(4);
    expect(await page.getByTestId('marketplace-count').textContent()).toBe('Résultats : 4');
    await page.getByTestId('marketplace-search').fill('');
    await expect.poll(() => page.getByTestId('extension-card').count()).toBe(6);
    await context.close();
  });

  it('migration calculator defaults (50 guests, 5 hosts, pro, saas) show the formula’s figures', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await open(page, '/migration-vmware');
    expect(await page.getByTestId('calc-vms-value').textContent()).toBe('50');
    expect(await page.getByTestId('calc-hosts-value').textContent()).toBe('5');
    expect(await page.getByTestId('calc-plan-pro').isChecked()).toBe(true);
    expect(await page.getByTestId('calc-deployment-saas').isChecked()).toBe(true);
    // 200 × 50 + 5000 × 5 = 35 000; (29 + 5) × 12 = 408; 34 592 saved, 99 %.
    expect(await digits(page, 'calc-vendor')).toBe('35000');
    expect(await digits(page, 'calc-proxai')).toBe('408');
    expect(await digits(page, 'calc-savings')).toBe('34592');
    expect(await digits(page, 'calc-percent')).toBe('99');
    await page.getByTestId('calc-support').check();
    expect(await digits(page, 'calc-proxai')).toBe(String(408 + 2500));
    expect(await page.getByTestId('migration-guide').getAttribute('href')).toBe('/guides/migration-fr.pdf');
    const pdf = await fetch(`${portal.url}/guides/migration-fr.pdf`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await context.close();
  });

  it('contact submission is stored in the database (and the sending state is shown)', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await open(page, '/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Nom complet').fill('Camille Martin');
    await form.getByLabel('E-mail').fill(CONTACT_EMAIL);
    await form.getByLabel('Sujet').selectOption({ label: 'Demande de démo' });
    expect(await form.locator('textarea').getAttribute('rows')).toBe('6');
    await form.getByLabel('Message').fill('Nous exploitons 4 hôtes Proxmox VE et 120 VM ; une démo serait utile.');
    await page.route('**/api/contact', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByTestId('contact-submit').click();
    await expect.poll(() => page.getByTestId('contact-submit').textContent()).toContain("En cours d'envoi...");
    await expect
      .poll(() => page.getByTestId('contact-outcome').textContent())
      .toBe('Message envoyé avec succès ! Nous vous répondrons rapidement.');
    expect(await form.getByLabel('Nom complet').inputValue()).toBe('');
    const db = new pg.Client(inject('postgresUrl'));
    await db.connect();
    const { rows } = await db.query('SELECT name, email, subject, message FROM contact_messages WHERE email = $1', [
      CONTACT_EMAIL,
    ]);
    await db.end();
    expect(rows).toEqual([
      {
        name: 'Camille Martin',
        email: CONTACT_EMAIL,
        subject: 'demo',
        message: 'Nous exploitons 4 hôtes Proxmox VE et 120 VM ; une démo serait utile.',
      },
    ]);
    await context.close();
  });

  it('newsletter twice shows the 409 message', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await open(page, '/');
    const form = page.getByTestId('newsletter-form');
    await form.getByRole('textbox').fill(NEWSLETTER_EMAIL.replace('admin.e2e', 'Admin.E2E').replace('@example', '@Example'));
    await form.getByRole('button').click();
    await expect
      .poll(() => page.getByTestId('newsletter-message').textContent())
      .toBe('Inscription réussie ! Merci de votre intérêt');
    expect(await form.getByRole('textbox').inputValue()).toBe('');
    // The same address in other letter case: already subscribed.
    await form.getByRole('textbox').fill(NEWSLETTER_EMAIL);
    await form.getByRole('button').click();
    await expect.poll(() => page.getByTestId('newsletter-message').textContent()).toBe('Vous êtes déjà inscrit à la newsletter');
    await context.close();
  });

  it('Arabic is right-to-left with Arabic text; /legal/unknown shows the privacy page', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await open(page, '/');
    await page.getByTestId('language-select').first().selectOption('ar');
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => page.locator('h1').textContent()).toContain('أدِر خوادم Proxmox');
    await page.screenshot({ path: path.join(ARTIFACTS, 'landing-ar.png') });
    await page.goto('/pricing');
    await expect.poll(() => page.locator('h1').textContent()).toBe('أسعار بسيطة لكل بنية');
    await page.getByTestId('language-select').first().selectOption('fr');
    await page.goto('/legal/privacy');
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    const privacy = await page.locator('h1').first().textContent();
    await page.goto('/legal/unknown');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(privacy);
    await context.close();
  });

  it('saves a screenshot of / in each theme', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, portal.url);
      await open(page, '/');
      if (theme === 'dark') await page.getByTestId('theme-toggle').first().click();
      await expect
        .poll(async () => ((await page.locator('html').getAttribute('class')) ?? '').includes('dark'))
        .toBe(theme === 'dark');
      const file = path.join(ARTIFACTS, `landing-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      await context.close();
    }
  });
});
