// When a storage fills up (ADR 012): a least-squares line through its `used` of the last 30 days. Pure.

const DAY = 86_400;

/** Too little history to draw a line through: fewer points, or spanning less than this. */
const MIN_POINTS = 3;
const MIN_SPAN_SECONDS = 6 * 3600;
/** Beyond ten years a slope is noise on a flat line: "not filling". */
const MAX_DAYS = 3650;

export interface Forecast {
  /** bytes per day; null without enough history */
  slopePerDay: number | null;
  /** null when not filling (flat or shrinking) or without enough history; 0 when already full */
  daysUntilFull: number | null;
}

/**
 * `t` (epoch s) and `used` (bytes, null at gaps) of one storage; `total` its size now, `usedNow` its use now (the
 * newest sample, else the newest point of the series). Gaps are skipped, never filled.
 */
export function forecastFull(
  t: readonly number[],
  used: readonly (number | null)[],
  total: number | null,
  usedNow: number | null,
): Forecast {
  const xs: number[] = [];
  const ys: number[] = [];
  t.forEach((x, i) => {
    const y = used[i];
    if (typeof y === 'number' && Number.isFinite(y)) {
      xs.push(x);
      ys.push(y);
    }
  });
  if (xs.length < MIN_POINTS || xs.at(-1)! - xs[0]! < MIN_SPAN_SECONDS) return { slopePerDay: null, daysUntilFull: null };
  // Centred sums keep the precision of epoch seconds × bytes.
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
  });
  const slopePerDay = (sxy / sxx) * DAY;
  const current = usedNow ?? ys.at(-1)!;
  if (!total || total <= 0) return { slopePerDay, daysUntilFull: null };
  if (current >= total) return { slopePerDay, daysUntilFull: 0 };
  if (!(slopePerDay > 0)) return { slopePerDay, daysUntilFull: null };
  const days = (total - current) / slopePerDay;
  return { slopePerDay, daysUntilFull: days > MAX_DAYS ? null : days };
}
