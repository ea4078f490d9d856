// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { archiveDayProblem, latestArchiveDay, dayOf, formatDay, yearBefore } from './archive-day';

describe('the day the archive goes up to', () => {
  it('offers the same day a year before, the 28th of February for a 29th', () => {
    expect(yearBefore(new Date(2026, 4, 14, 9, 30))).toBe('2025-05-14');
    expect(yearBefore(new Date(2028, 1, 29, 23, 59))).toBe('2027-02-28');
    expect(yearBefore(new Date(2026, 0, 1, 0, 0))).toBe('2025-01-01');
    expect(dayOf(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('needs a day whose first instant is at least 30 days ago: 30 days back is fine, 29 is not', () => {
    const now = new Date(2026, 4, 14, 9, 30);
    expect(archiveDayProblem('', now)).toBe('required');
    expect(archiveDayProblem('14/05/2026', now)).toBe('required');
    expect(archiveDayProblem('2025-05-14', now)).toBeNull();
    expect(archiveDayProblem('2026-04-14', now)).toBeNull();
    expect(archiveDayProblem('2026-04-15', now)).toBe('recent');
    expect(archiveDayProblem('2026-05-14', now)).toBe('recent');
    expect(archiveDayProblem('2026-05-15', now)).toBe('recent');
    expect(latestArchiveDay(now)).toBe('2026-04-14');
  });

  it('writes the day in the page language', () => {
    expect(formatDay('2025-05-14', 'en')).toBe('May 14, 2025');
    expect(formatDay('2025-05-14', 'fr')).toBe('14 mai 2025');
  });
});
