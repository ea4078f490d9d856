import { Cron } from 'croner';

// The cron helper's logic: the presets a schedule's five-field cron is written with, reading a cron back into
// a preset (to edit it), and its next runs, computed in the browser as the server does (croner, five fields:
// minute hour day-of-month month day-of-week, in the schedule's own time zone).

export type CronPreset =
  | { kind: 'hourly'; minute: number }
  | { kind: 'daily'; time: string }
  /** `days`: 0 = Sunday … 6 = Saturday, as cron counts them. */
  | { kind: 'weekly'; days: number[]; time: string }
  | { kind: 'custom'; cron: string };

export type CronPresetKind = CronPreset['kind'];

/** Weekdays in the order the helper shows them (Monday first), as cron numbers. */
export const CRON_WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const NUMBER = /^\d{1,2}$/;

function parseTime(time: string): [number, number] | null {
  const m = TIME.exec(time);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The cron a preset stands for; null when the preset is incomplete (no day ticked, a bad time). */
export function presetToCron(preset: CronPreset): string | null {
  switch (preset.kind) {
    case 'hourly':
      return Number.isInteger(preset.minute) && preset.minute >= 0 && preset.minute < 60 ? `${preset.minute} * * * *` : null;
    case 'daily': {
      const t = parseTime(preset.time);
      return t ? `${t[1]} ${t[0]} * * *` : null;
    }
    case 'weekly': {
      const t = parseTime(preset.time);
      if (!t || preset.days.length === 0) return null;
      const days = [...new Set(preset.days)].sort((a, b) => a - b);
      return `${t[1]} ${t[0]} * * ${days.join(',')}`;
    }
    case 'custom':
      return preset.cron.trim().replace(/\s+/g, ' ');
  }
}

/** A cron read back as the preset that writes it (to edit a schedule), else as custom. */
export function cronToPreset(cron: string): CronPreset {
  const fields = cron.trim().split(/\s+/);
  if (fields.length === 5) {
    const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
    const m = NUMBER.test(minute) ? Number(minute) : -1;
    const h = NUMBER.test(hour) ? Number(hour) : -1;
    const time = `${pad(h)}:${pad(m)}`;
    if (m >= 0 && m < 60 && hour === '*' && dom === '*' && month === '*' && dow === '*') return { kind: 'hourly', minute: m };
    if (m >= 0 && m < 60 && h >= 0 && h < 24 && dom === '*' && month === '*') {
      if (dow === '*') return { kind: 'daily', time };
      if (/^[0-7](,[0-7])*$/.test(dow)) {
        // 7 is Sunday too.
        const days = [...new Set(dow.split(',').map((d) => Number(d) % 7))].sort((a, b) => a - b);
        return { kind: 'weekly', days, time };
      }
    }
  }
  return { kind: 'custom', cron: cron.trim() };
}

/** Why a cron is refused, as the server refuses it: not five fields, not a cron, or one no date matches. */
export type CronProblem = 'fields' | 'syntax' | 'never';

export function cronProblem(cron: string): CronProblem | null {
  if (cron.trim().split(/\s+/).length !== 5) return 'fields';
  try {
    // '0 0 31 2 *' parses, but no date matches it.
    return new Cron(cron.trim(), { mode: '5-part' }).nextRun() ? null : 'never';
  } catch {
    return 'syntax';
  }
}

/**
 * The next `count` runs of `cron` in `timeZone` after `from`, as instants (to be shown in any zone); empty when
 * the cron or the zone is not valid.
 */
export function nextRuns(cron: string, timeZone: string, count = 5, from: Date = new Date()): Date[] {
  if (cronProblem(cron)) return [];
  try {
    return new Cron(cron.trim(), { timezone: timeZone, mode: '5-part' }).nextRuns(count, from);
  } catch {
    return [];
  }
}

/** The words of a cron (for lists): a preset in the person's language, else null (the list shows the cron). */
export interface CronWords {
  hourly(minute: number): string;
  daily(time: string): string;
  weekly(days: string, time: string): string;
  /** Short weekday names, 0 = Sunday. */
  weekday(day: number): string;
}

export function describeCron(cron: string, words: CronWords): string | null {
  const preset = cronToPreset(cron);
  switch (preset.kind) {
    case 'hourly':
      return words.hourly(preset.minute);
    case 'daily':
      return words.daily(preset.time);
    case 'weekly': {
      const ordered = CRON_WEEKDAYS.filter((d) => preset.days.includes(d));
      return words.weekly(ordered.map((d) => words.weekday(d)).join(', '), preset.time);
    }
    case 'custom':
      return null;
  }
}
