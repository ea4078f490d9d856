// The day the archive goes up to, as its dialog edits it: a calendar day of the browser's zone (a date input's
// `YYYY-MM-DD`); the records written before that day's first instant are archived.

import { AUDIT_ARCHIVE_MIN_AGE_DAYS } from '@proxai/contract';
import { dayStart } from './audit-filters';

const pad = (n: number) => String(n).padStart(2, '0');

/** `date`'s calendar day in the browser's zone, as a date input holds it. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day the dialog offers first: a year before `now` (the 28th of February for the 29th). */
export function yearBefore(now = new Date()): string {
  const day = new Date(now.getFullYear() - 1, now.getMonth(), 1);
  const last = new Date(day.getFullYear(), day.getMonth() + 1, 0).getDate();
  day.setDate(Math.min(now.getDate(), last));
  return dayOf(day);
}

export type ArchiveDayProblem = 'required' | 'recent';

/** The latest day the dialog accepts: only records older than AUDIT_ARCHIVE_MIN_AGE_DAYS can be archived. */
export function latestArchiveDay(now = new Date()): string {
  return dayOf(new Date(now.getTime() - AUDIT_ARCHIVE_MIN_AGE_DAYS * 86_400_000));
}

/**
 * What is wrong with the chosen day, or null: there must be one, and its first instant must be at least
 * AUDIT_ARCHIVE_MIN_AGE_DAYS ago, as the server checks `before`.
 */
export function archiveDayProblem(day: string, now = new Date()): ArchiveDayProblem | null {
  const before = dayStart(day);
  if (!before) return 'required';
  return new Date(before).getTime() > now.getTime() - AUDIT_ARCHIVE_MIN_AGE_DAYS * 86_400_000 ? 'recent' : null;
}

/** A `YYYY-MM-DD` day as the page's language writes it (read at noon: the same day in every zone's rules). */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(`${day}T12:00:00`));
}
