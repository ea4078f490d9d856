import { describe, expect, it } from 'vitest';
import { PLANS, planFeatureMap, withinLimit, yearlyPerMonth } from './plans';

describe('plans', () => {
  it('shows yearly prices per month rounded, as SPEC §9 says (9/29 monthly, 8/24 yearly)', () => {
    expect([PLANS.essential.monthlyPrice, PLANS.pro.monthlyPrice]).toEqual([9, 29]);
    expect([yearlyPerMonth(PLANS.essential), yearlyPerMonth(PLANS.pro)]).toEqual([8, 24]);
    expect(yearlyPerMonth(PLANS.enterprise)).toBeNull();
  });

  it('gives Free 1 host and 10 guests, Essential 2 hosts, Pro 10 hosts, Enterprise unlimited', () => {
    expect(PLANS.free.limits).toMatchObject({ max_hosts: 1, max_vms: 10 });
    expect(PLANS.essential.limits.max_hosts).toBe(2);
    expect(PLANS.pro.limits.max_hosts).toBe(10);
    expect(PLANS.enterprise.limits.max_hosts).toBe(-1);
  });

  it('builds a feature map where each plan includes the previous one', () => {
    const pro = planFeatureMap('pro');
    expect(planFeatureMap('free')).toMatchObject({ ai_advice: true, cve_scanner: false });
    expect(pro).toMatchObject({ cve_scanner: true, dpi_probe: true, multi_tenant: false });
    for (const [f, on] of Object.entries(planFeatureMap('essential'))) if (on) expect(pro[f as keyof typeof pro]).toBe(true);
  });

  it('treats -1 as unlimited', () => {
    expect(withinLimit(-1, 1e9)).toBe(true);
    expect(withinLimit(10, 10)).toBe(true);
    expect(withinLimit(10, 11)).toBe(false);
  });
});
