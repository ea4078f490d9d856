import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { inEnglish } from '@/testing/english-strings';
import { json, stubApi } from '@/testing/stub-api';
import { isPlanRequired, requiredPlan } from '../plan-required';
import { PlanRequiredNotice } from './plan-required-notice';

const renderNotice = (plan: Parameters<typeof PlanRequiredNotice>[0]['plan']) =>
  render(
    <MemoryRouter>
      <PlanRequiredNotice plan={plan} />
    </MemoryRouter>,
  );

describe('plan_required', () => {
  inEnglish(['hosts']);

  it("isPlanRequired reads the API client's error: a 403 plan_required, nothing else", async () => {
    stubApi({
      'GET /api/schedules': () =>
        json({ detail: 'Automation is in the Essential plan', code: 'plan_required', plan: 'essential' }, 403),
      'GET /api/hosts': () => json({ detail: 'Only admins', code: 'forbidden' }, 403),
    });
    const refused = await api('/schedules').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(isPlanRequired(refused)).toBe(true);
    expect(isPlanRequired(await api('/hosts').catch((err: unknown) => err))).toBe(false);
    expect(isPlanRequired(new Error('plan_required'))).toBe(false);
    expect(requiredPlan(new ApiError(403, 'Only admins', 'forbidden'))).toBeNull();
  });

  it('requiredPlan names the plan the answer gives, when the error carries it', () => {
    const error = Object.assign(new ApiError(403, 'Snapshots are in the Pro plan', 'plan_required'), { plan: 'pro' });
    expect(requiredPlan(error)).toBe('pro');
    expect(requiredPlan(Object.assign(new ApiError(403, '…', 'plan_required'), { plan: 'platinum' }))).toBeNull();
  });

  it('the notice names the plan and links to the plans', () => {
    renderNotice('essential');
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Available from the Essential plan');
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  });

  it('without a known plan it says a higher plan; in French, with its own plan names', async () => {
    renderNotice(null);
    expect(screen.getByRole('status')).toHaveTextContent('Available with a higher plan');
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces('hosts');
    renderNotice('essential');
    expect(screen.getByText("Disponible à partir de l'offre Essentiel")).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
