// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planFeatureMap } from '@proxai/contract/plans';
import type { Licence } from '@proxai/contract';
import { expiryTone, featureLabel, firstFeatures, formatLimit, isLicenceActive, licenceFile, truncateId } from './licence-status';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const inDays = (d: number) => new Date(NOW.getTime() + d * 86_400_000).toISOString();

describe('licence status', () => {
  it('is Active only when the server says so and the expiry is still ahead', () => {
    expect(isLicenceActive({ is_active: true, expires_at: inDays(10) }, NOW)).toBe(true);
    expect(isLicenceActive({ is_active: true, expires_at: inDays(-0.001) }, NOW)).toBe(false);
    expect(isLicenceActive({ is_active: false, expires_at: inDays(100) }, NOW)).toBe(false);
  });

  it('is expiring soon when more than 0 and at most 30 days remain', () => {
    expect(expiryTone(inDays(-1), NOW)).toBe('expired');
    expect(expiryTone(inDays(0), NOW)).toBe('expired');
    expect(expiryTone(inDays(0.5), NOW)).toBe('soon');
    expect(expiryTone(inDays(30), NOW)).toBe('soon');
    expect(expiryTone(inDays(30.01), NOW)).toBe('normal');
  });

  it('formats ids, features and limits as SPEC.md says', () => {
    expect(truncateId('0123456789abcdef-rest')).toBe('0123456789abcdef…');
    expect(truncateId('short')).toBe('short');
    expect(featureLabel('nightly_automation')).toBe('nightly automation');
    expect(formatLimit(-1)).toBe('∞');
    expect(formatLimit(10)).toBe('10');
  });

  it('takes the first five features in catalogue order whatever the key order', () => {
    const map = planFeatureMap('free');
    const shuffled = Object.fromEntries(Object.entries(map).reverse());
    expect(firstFeatures(shuffled)).toEqual([
      ['ai_advice', true],
      ['nightly_automation', false],
      ['cve_scanner', false],
      ['guided_actions', false],
      ['manual_snapshots', false],
    ]);
  });

  it('downloads a file named after the id with the signature and download_date', () => {
    const licence = { id: 'abc', signature: 'sig' } as Licence;
    const file = licenceFile(licence, NOW);
    expect(file.name).toBe('abc.json');
    expect(JSON.parse(file.json)).toEqual({ id: 'abc', signature: 'sig', download_date: NOW.toISOString() });
  });
});
