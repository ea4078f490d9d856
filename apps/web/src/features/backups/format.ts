import type { TFunction } from 'i18next';

// Durations in the page's language (instants and shares: lib/format-instant.ts; sizes: lib/format-bytes.ts).

/** 83 → "1 min 23 s", 3725 → "1 h 2 min", 4.2 → "4.2 s"; null → "—". */
export function formatSeconds(seconds: number | null | undefined, t: TFunction<'backups'>, language: string): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) {
    const s = new Intl.NumberFormat(language, { maximumFractionDigits: seconds < 10 ? 1 : 0 }).format(seconds);
    return t('duration.seconds', { s });
  }
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h > 0 ? t('duration.hours', { h, m }) : t('duration.minutes', { m, s });
}
