// Sizes in the reader's language, in binary multiples (KiB, MiB…) as Proxmox VE and PBS show memory, disks and
// datastores. One formatter for every feature, so a size reads the same on every page.

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number format of `language` with at most `digits` decimals (made once per pair: charts format thousands). */
export function numberFormat(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * 1536 → "1.5 KiB"; three significant digits at most, so a column of sizes stays readable; null, undefined or
 * not a number (an unknown size) → "—".
 */
export function formatBytes(bytes: number | null | undefined, language = 'en'): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  let scaled = Math.abs(bytes);
  let unit = 0;
  while (scaled >= 1024 && unit < BYTE_UNITS.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2;
  return `${bytes < 0 ? '-' : ''}${numberFormat(language, digits).format(scaled)} ${BYTE_UNITS[unit]}`;
}
