// @vitest-environment node
import { API_KEY_MAX_LIFETIME_DAYS } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { addDays, dayIn, dayOf, expiresAt, expiryBounds, expiryProblem, isPast, MAX_EXPIRY_DAYS } from './expiry';

// 10:30 local time on 12 January 2026.
const NOW = new Date(2026, 0, 12, 10, 30, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('expiry', () => {
  it("stays within the contract's longest lifetime (not imported by the page)", () => {
    expect(MAX_EXPIRY_DAYS).toBeLessThan(API_KEY_MAX_LIFETIME_DAYS);
  });

  it('counts presets and bounds in calendar days of the browser', () => {
    expect(dayOf(NOW)).toBe('2026-01-12');
    expect(dayIn(30, NOW)).toBe('2026-02-11');
    expect(dayIn(365, NOW)).toBe('2027-01-12');
    expect(expiryBounds(NOW)).toEqual({ min: '2026-01-13', max: '2027-01-12' });
    expect(addDays(NOW, 1).getHours()).toBe(10);
  });

  it('requires a day from tomorrow to a year away', () => {
    expect(expiryProblem('', NOW)).toBe('required');
    expect(expiryProblem('2026-1-13', NOW)).toBe('required');
    expect(expiryProblem('2026-01-12', NOW)).toBe('past');
    expect(expiryProblem('2026-01-13', NOW)).toBeNull();
    expect(expiryProblem('2027-01-12', NOW)).toBeNull();
    expect(expiryProblem('2027-01-13', NOW)).toBe('tooFar');
  });

  it('ends the key on the chosen day at the time it was made, never past the server limit', () => {
    const end = new Date(expiresAt('2026-02-11', NOW));
    expect(dayOf(end)).toBe('2026-02-11');
    expect([end.getHours(), end.getMinutes()]).toEqual([10, 30]);
    const latest = new Date(expiresAt(expiryBounds(NOW).max, NOW)).getTime() - NOW.getTime();
    expect(latest).toBeLessThan(API_KEY_MAX_LIFETIME_DAYS * DAY_MS);
  });

  it('says when an instant is past', () => {
    expect(isPast('2026-01-12T09:00:00.000Z', Date.parse('2026-01-12T09:00:01.000Z'))).toBe(true);
    expect(isPast('2026-01-12T09:00:02.000Z', Date.parse('2026-01-12T09:00:01.000Z'))).toBe(false);
  });
});
