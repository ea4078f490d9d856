import type { PlanUsage } from '@proxai/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { PlanUsageBanner, trialDaysLeft } from './plan-usage-banner';

const buildUsage = (overrides: Partial<PlanUsage> = {}): PlanUsage => ({
  plan: 'essential',
  max_hosts: 3,
  max_vms: 50,
  over_vms: false,
  over_hosts: false,
  ...overrides,
});

const renderBanner = (usage?: PlanUsage) =>
  render(
    <MemoryRouter>
      <PlanUsageBanner usage={usage} />
    </MemoryRouter>,
  );

describe('PlanUsageBanner', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['dashboard', 'hosts']);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await i18n.changeLanguage('fr');
  });

  it('says nothing within the plan or without usage', () => {
    renderBanner(buildUsage());
    renderBanner(undefined);
    expect(screen.queryByTestId('plan-usage-banner')).toBeNull();
  });

  it('too many hosts: names the host limit and plan, and what removing hosts or raising the plan does', () => {
    renderBanner(buildUsage({ over_hosts: true }));
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('more hosts than its plan allows: 3 at most on the Essential plan.');
    expect(banner).toHaveTextContent('Adding hosts is refused until hosts are removed or the plan is raised.');
    expect(banner).not.toHaveTextContent('more guests');
  });

  it('both over: both limits, one way out; French with its no-break spaces', async () => {
    await i18n.changeLanguage('fr');
    renderBanner(buildUsage({ over_vms: true, over_hosts: true }));
    const banner = screen.getByTestId('plan-usage-banner');
    expect(banner.textContent).toContain("que son offre n'en permet\u00a0: 50 au plus avec l'offre Essentiel.");
    expect(banner.textContent).toContain("que son offre n'en permet\u00a0: 3 au plus avec l'offre Essentiel.");
    expect(banner).toHaveTextContent('des machines et des hôtes');
    await i18n.changeLanguage('en');
  });

  describe('Pro trial', () => {
    const NOW = Date.parse('2026-03-01T12:00:00.000Z');
    const HOUR = 3_600_000;
    const inTrial = (endsInMs: number, overrides: Partial<PlanUsage> = {}) =>
      buildUsage({
        plan: 'pro',
        max_hosts: 10,
        max_vms: 500,
        trial_ends_at: new Date(NOW + endsInMs).toISOString(),
        ...overrides,
      });

    it('counts the days left rounded up, none once ended', () => {
      expect(trialDaysLeft(new Date(NOW + 3 * HOUR).toISOString(), NOW)).toBe(1);
      expect(trialDaysLeft(new Date(NOW + 24 * HOUR).toISOString(), NOW)).toBe(1);
      expect(trialDaysLeft(new Date(NOW + 24 * HOUR + 1).toISOString(), NOW)).toBe(2);
      expect(trialDaysLeft(new Date(NOW + 14 * 24 * HOUR).toISOString(), NOW)).toBe(14);
      expect(trialDaysLeft(new Date(NOW - HOUR).toISOString(), NOW)).toBe(0);
    });

    it('says how many days are left, with its plural, and links to the plans', async () => {
      vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
      renderBanner(inTrial(13 * 24 * HOUR + HOUR));
      const banner = await screen.findByTestId('trial-banner');
      expect(banner).toHaveTextContent('Pro trial: 14 days left');
      expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
      expect(screen.queryByTestId('plan-usage-banner')).toBeNull();
    });

    it('one day left: the singular; over the limits too: both banners', async () => {
      vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
      renderBanner(inTrial(5 * HOUR, { over_hosts: true }));
      expect(await screen.findByTestId('trial-banner')).toHaveTextContent('Pro trial: 1 day left');
      expect(screen.getByTestId('plan-usage-banner')).toHaveTextContent('more hosts than its plan allows');
    });

    it('no trial, or one that has ended: no trial banner', () => {
      vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
      renderBanner(inTrial(-HOUR));
      renderBanner(buildUsage({ trial_ends_at: null }));
      expect(screen.queryByTestId('trial-banner')).toBeNull();
    });

    it('in Arabic, the dual form for two days', async () => {
      vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
      await i18n.changeLanguage('ar');
      await i18n.loadNamespaces('hosts');
      renderBanner(inTrial(2 * 24 * HOUR));
      expect(await screen.findByTestId('trial-banner')).toHaveTextContent('يتبقى يومان');
      await i18n.changeLanguage('en');
    });
  });
});
