// Instants and shares as every page shows them, in the page's language (sizes: format-bytes.ts).

/** "12 Jan 2026, 02:00" in the browser's zone; null or not a date → "—". */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The share of `total` that is `used`, 0–100, or null when a size is unknown. */
export function usedPercent(used: number | null, total: number | null): number | null {
  if (used === null || total === null || total <= 0) return null;
  return Math.min(100, Math.max(0, (used / total) * 100));
}
