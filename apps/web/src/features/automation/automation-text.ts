import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RTL_LANGUAGES } from '@/config/languages';
import { describeCron } from './cron';

/** The page's words and formats in one language, made once per language (formatters are costly to create). */
export interface AutomationText {
  language: string;
  /** "Mon 12 Jan, 02:00" in `zone`. */
  dateTime(instant: Date | string, zone: string): string;
  /** "02:00" in `zone`. */
  time(instant: Date | string, zone: string): string;
  /** "Monday 12 January" in `zone`. */
  day(instant: Date, zone: string): string;
  /** "12 – 18 Jan 2026" (the last day included). */
  range(first: Date, last: Date, zone: string): string;
  /** A wall-clock 'HH:MM' in the language's way ("2:00 AM" in English). */
  clock(hhmm: string): string;
  /** Short weekday name, 0 = Sunday (cron's numbering). */
  weekday(cronDay: number): string;
  /** A cron in words, or null for one no preset writes. */
  cron(cron: string): string | null;
  /** 90 → "1 h 30 min". */
  duration(minutes: number): string;
  /** Names, numbers and zones are left-to-right: isolated in Arabic sentences. */
  isolate(text: string): string;
}

export function automationText(t: TFunction<'automation'>, language: string): AutomationText {
  const formats = new Map<string, Intl.DateTimeFormat>();
  const format = (key: string, options: Intl.DateTimeFormatOptions) => {
    let f = formats.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(language, options);
      formats.set(key, f);
    }
    return f;
  };
  const at = (instant: Date | string) => (typeof instant === 'string' ? new Date(instant) : instant);
  const clockFormat = format('clock', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, d) =>
    format('weekday', { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + d))),
  );
  const clock = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return clockFormat.format(new Date(Date.UTC(2024, 0, 1, h ?? 0, m ?? 0)));
  };
  const isolate = RTL_LANGUAGES.has(language) ? (s: string) => `\u2068${s}\u2069` : (s: string) => s;
  return {
    language,
    dateTime: (instant, zone) =>
      format(`dt|${zone}`, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: zone,
      }).format(at(instant)),
    time: (instant, zone) => format(`t|${zone}`, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(at(instant)),
    day: (instant, zone) =>
      format(`d|${zone}`, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).format(instant),
    range: (first, last, zone) =>
      format(`r|${zone}`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone }).formatRange(first, last),
    clock,
    weekday: (d) => weekdays[d] ?? '',
    cron: (cron) =>
      describeCron(cron, {
        hourly: (minute) => t('cron.words.hourly', { minute }),
        daily: (time) => t('cron.words.daily', { time: clock(time) }),
        weekly: (days, time) => t('cron.words.weekly', { days, time: clock(time) }),
        weekday: (d) => weekdays[d] ?? '',
      }),
    duration: (minutes) => {
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      if (h === 0) return t('duration.minutes', { m });
      return m === 0 ? t('duration.hours', { h }) : t('duration.hoursMinutes', { h, m });
    },
    isolate,
  };
}

export function useAutomationText(): AutomationText {
  const { t, i18n } = useTranslation('automation');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => automationText(t, language), [t, language]);
}
