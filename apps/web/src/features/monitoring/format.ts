// Values of the metrics API in the reader's language, with their unit: 'percent' (0–100), 'bytes', 'bytes/s',
// 'load' (a plain number). Binary multiples (KiB, MiB…), as Proxmox shows memory and disks.

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    numberFormats.set(key, format);
  }
  return format;
}

/** 1536 → "1.5 KiB"; three significant digits at most, so a column of values stays readable. */
export function formatBytes(value: number, language = 'en'): string {
  let scaled = Math.abs(value);
  let unit = 0;
  while (scaled >= 1024 && unit < BYTE_UNITS.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2;
  return `${value < 0 ? '-' : ''}${numberFormat(language, digits).format(scaled)} ${BYTE_UNITS[unit]}`;
}

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
