import type { PlanUsage } from '@proxai/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { PlanUsageBanner } from './plan-usage-banner';

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
    await i18n.loadNamespaces('dashboard');
  });
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
});
