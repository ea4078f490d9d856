// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CALCULATOR_DEFAULTS, computeMigrationSavings } from './migration-calculator';

describe('computeMigrationSavings', () => {
  it('gives SPEC.md §9 figures for the defaults (50 VMs, 5 hosts, pro, saas)', () => {
    expect(computeMigrationSavings(CALCULATOR_DEFAULTS)).toEqual({
      vendorYearly: 35_000,
      proxaiMonthly: 34,
      proxaiYearly: 408,
      supportYearly: 0,
      proxaiTotalYearly: 408,
      savings: 34_592,
      savingsPercent: 99,
    });
  });

  it('drops the SaaS surcharge on premises and adds 500 € per host of support', () => {
    const r = computeMigrationSavings({ vms: 10, hosts: 2, plan: 'essential', deployment: 'onpremise', support: true });
    expect(r.vendorYearly).toBe(200 * 10 + 5000 * 2);
    expect(r.proxaiYearly).toBe(9 * 12);
    expect(r.supportYearly).toBe(1000);
    expect(r.proxaiTotalYearly).toBe(1108);
    expect(r.savings).toBe(12_000 - 1108);
    expect(r.savingsPercent).toBe(Math.round((10_892 / 12_000) * 100));
  });

  it('costs nothing on the free plan on premises', () => {
    const r = computeMigrationSavings({ vms: 10, hosts: 1, plan: 'free', deployment: 'onpremise', support: false });
    expect(r.proxaiTotalYearly).toBe(0);
    expect(r.savingsPercent).toBe(100);
  });

  it('rounds the percentage to the nearest integer', () => {
    // vendor 200*10 + 5000 = 7000; support 500; saas free = 60 → 6440 / 7000 = 92.0 %
    const r = computeMigrationSavings({ vms: 10, hosts: 1, plan: 'free', deployment: 'saas', support: true });
    expect(r.proxaiTotalYearly).toBe(560);
    expect(r.savingsPercent).toBe(92);
  });
});
