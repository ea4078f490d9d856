import { formatBytes, numberFormat } from '@/lib/format-bytes';

// Values of the metrics API in the reader's language, with their unit: 'percent' (0–100), 'bytes', 'bytes/s'
// (binary multiples, lib/format-bytes.ts), 'load' (a plain number).

/** A value of `unit` as shown in tooltips, axes and the table; null (a gap) as an em dash. */
export function formatValue(unit: string | undefined, value: number | null | undefined, language = 'en'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (unit === 'percent') return `${numberFormat(language, value < 10 ? 1 : 0).format(value)} %`;
  if (unit === 'bytes') return formatBytes(value, language);
  if (unit === 'bytes/s') return `${formatBytes(value, language)}/s`;
  // 'load' and any unit this version does not know: the number as it is.
  return numberFormat(language, 2).format(value);
}

/** A step's time as the table and tooltip show it (the reader's clock, seconds only on the 1-hour range). */
export function formatTime(epochSeconds: number, language = 'en', withSeconds = false): string {
  return new Date(epochSeconds * 1000).toLocaleString(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
}
