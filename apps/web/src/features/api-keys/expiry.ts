// A key's expiry as the form edits it: a calendar day of the browser's zone (a date input's `YYYY-MM-DD`), the key
// ending on that day at the time of day it was created; presets of 30, 90 and 365 days.

/**
 * The latest day the form offers: a year. The server takes up to the contract's API_KEY_MAX_LIFETIME_DAYS (366;
 * not imported: the contract's runtime would load zod); the day kept in hand covers a daylight-saving change.
 */
export const MAX_EXPIRY_DAYS = 365;
export const EXPIRY_PRESETS = [30, 90, 365] as const;
export const DEFAULT_EXPIRY_DAYS = 90;

const pad = (n: number) => String(n).padStart(2, '0');

/** `date`'s calendar day in the browser's zone, as a date input holds it. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The same time of day, `days` calendar days later (in the browser's zone). */
export function addDays(date: Date, days: number): Date {
  const later = new Date(date);
  later.setDate(later.getDate() + days);
  return later;
}

/** The day `days` days from `now`, for a preset. */
export const dayIn = (days: number, now = new Date()) => dayOf(addDays(now, days));

/** The days a key may end on: from tomorrow to a year from today. */
export function expiryBounds(now = new Date()): { min: string; max: string } {
  return { min: dayIn(1, now), max: dayIn(MAX_EXPIRY_DAYS, now) };
}

export type ExpiryProblem = 'required' | 'past' | 'tooFar';

/** What is wrong with the chosen day, or null. `YYYY-MM-DD` strings compare as the days they name. */
export function expiryProblem(day: string, now = new Date()): ExpiryProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'required';
  const { min, max } = expiryBounds(now);
  if (day < min) return 'past';
  if (day > max) return 'tooFar';
  return null;
}

/** The instant to send for a valid day: that day, at `now`'s time of day. */
export function expiresAt(day: string, now = new Date()): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const end = new Date(now);
  end.setFullYear(year, month - 1, date);
  return end.toISOString();
}

/** Whether an instant of the API is past. */
export const isPast = (iso: string, now = Date.now()) => new Date(iso).getTime() <= now;

/** A `YYYY-MM-DD` day as the page's language writes it (read at noon: the same day in every zone's rules). */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(`${day}T12:00:00`));
}
