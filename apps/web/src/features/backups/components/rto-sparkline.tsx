import { useTranslation } from 'react-i18next';
import { formatSeconds } from '../format';

const WIDTH = 96;
const HEIGHT = 24;
const PAD = 2;

/** The points of the line, oldest at the start; the lowest RTO at the bottom, the highest at the top. */
export function sparklinePoints(values: readonly number[], width = WIDTH, height = HEIGHT): string {
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - 2 * PAD) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? PAD + i * step : width / 2;
      const y = max === min ? height / 2 : height - PAD - ((v - min) / span) * (height - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * A guest's RTO over its last passed tests, as a small line (SVG, no chart library). The picture is decorative for
 * screen readers: its label says the first, last and highest values.
 */
export function RtoSparkline({ trend }: { trend: readonly { at: string; rto_seconds: number }[] }) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (trend.length === 0) return <span className="text-slate-400">—</span>;
  const values = trend.map((p) => p.rto_seconds);
  const points = sparklinePoints(values);
  const last = points.split(' ').at(-1)!.split(',');
  const label = t('rto.trendLabel', {
    n: values.length,
    first: formatSeconds(values[0], t, language),
    last: formatSeconds(values.at(-1), t, language),
    max: formatSeconds(Math.max(...values), t, language),
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="text-brand-600 dark:text-brand-500"
      data-testid="rto-sparkline"
    >
      <title>{label}</title>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      <circle cx={last[0]} cy={last[1]} r="2" fill="currentColor" />
    </svg>
  );
}
