import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme, type Theme } from '@/lib/theme';
import { isolatedPoints, type ChartModel } from '../chart-groups';
import { formatTime, formatValue } from '../format';

// One chart drawn with uPlot (this module is only imported by the host and guest pages, so uPlot and its CSS stay
// in their lazy chunk). Gaps stay gaps (spanGaps false); the legend shows the values under the crosshair, and a
// tooltip beside the cursor repeats them with the step's time. The chart is redrawn when the theme changes.

const PALETTE: Record<Theme, readonly string[]> = {
  light: ['#ea580c', '#0284c7', '#16a34a', '#9333ea', '#dc2626', '#ca8a04'],
  dark: ['#fb923c', '#38bdf8', '#4ade80', '#c084fc', '#f87171', '#facc15'],
};
const AXIS: Record<Theme, { text: string; grid: string }> = {
  light: { text: '#475569', grid: 'rgba(100, 116, 139, 0.18)' },
  dark: { text: '#cbd5e1', grid: 'rgba(148, 163, 184, 0.16)' },
};
const HEIGHT = 220;

export interface MetricChartProps {
  model: ChartModel;
  t: number[];
  /** The chart's title (its accessible name starts with it). */
  title: string;
  /** Labels of the model's series, in order. */
  labels: string[];
  /** Read aloud with the title: how to use the keyboard. */
  hint: string;
  language: string;
  /** Times with seconds (the 1-hour range). */
  withSeconds: boolean;
}

function tooltipPlugin(render: (idx: number) => string[]): uPlot.Plugin {
  let box: HTMLDivElement | undefined;
  return {
    hooks: {
      init: (u) => {
        box = document.createElement('div');
        box.className =
          'pointer-events-none absolute z-10 hidden whitespace-nowrap rounded-md border border-slate-200 bg-white/95 px-2 py-1 text-xs text-slate-800 shadow-md dark:border-slate-700 dark:bg-slate-900/95 dark:text-slate-100';
        box.dataset.testid = 'chart-tooltip';
        u.over.appendChild(box);
      },
      setCursor: (u) => {
        if (!box) return;
        const { idx, left, top } = u.cursor;
        if (idx === null || idx === undefined || left === undefined || left < 0) {
          box.classList.add('hidden');
          return;
        }
        box.replaceChildren(
          ...render(idx).map((line) => {
            const p = document.createElement('p');
            p.textContent = line;
            return p;
          }),
        );
        box.classList.remove('hidden');
        const width = u.over.clientWidth;
        // On the far half the box goes to the cursor's other side, so it never leaves the chart.
        box.style.left = left > width / 2 ? '' : `${left + 12}px`;
        box.style.right = left > width / 2 ? `${width - left + 12}px` : '';
        box.style.top = `${Math.max(0, (top ?? 0) - 10)}px`;
      },
    },
  };
}

export function MetricChart({ model, t, title, labels, hint, language, withSeconds }: MetricChartProps) {
  const { theme } = useTheme();
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const keyboardIdx = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();

  const describe = (idx: number): string[] => [
    formatTime(t[idx] ?? 0, language, withSeconds),
    ...model.series.map((s, i) => `${labels[i] ?? s.name}: ${formatValue(model.unit, s.values[idx], language)}`),
  ];
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const data = useMemo(() => [t, ...model.series.map((s) => s.values)] as uPlot.AlignedData, [t, model]);
  // The chart is built again only when what it draws changes (its series, unit, theme, language); a refresh of the
  // same series only gives it the new values, so the crosshair and keyboard position stay.
  const latest = useRef({ data, model, labels });
  latest.current = { data, model, labels };
  const shape = `${model.unit}|${model.series.map((s) => s.name).join(',')}|${labels.join('\u0000')}`;

  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const { data: initial, model, labels } = latest.current;
    const colors = PALETTE[theme];
    const axis = AXIS[theme];
    const format = (v: number | null) => formatValue(model.unit, v, language);
    const options: uPlot.Options = {
      width: Math.max(el.clientWidth, 280),
      height: HEIGHT,
      cursor: { drag: { x: false, y: false } },
      legend: { show: true, live: true },
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max > min ? max : min + 1] } },
      axes: [
        { stroke: axis.text, grid: { stroke: axis.grid }, ticks: { stroke: axis.grid } },
        {
          stroke: axis.text,
          grid: { stroke: axis.grid },
          ticks: { stroke: axis.grid },
          size: 72,
          values: (_u, splits) => splits.map((v) => format(v)),
        },
      ],
      series: [
        { label: '', value: (_u, v) => (v === null ? '—' : formatTime(v, language, withSeconds)) },
        ...model.series.map((s, i) => ({
          label: labels[i] ?? s.name,
          stroke: colors[i % colors.length],
          width: 1.5,
          spanGaps: false,
          // A value with a gap on each side has no line to draw: it is drawn as a dot, never lost.
          points: { show: false, size: 5, filter: (u: uPlot, seriesIdx: number) => isolatedPoints(u.data[seriesIdx]) },
          value: (_u: uPlot, v: number | null) => format(v),
        })),
      ],
      plugins: [tooltipPlugin((idx) => describeRef.current(idx))],
    };
    const chart = new uPlot(options, initial, el);
    plot.current = chart;
    keyboardIdx.current = null;
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 280), height: HEIGHT }));
      observer.observe(el);
    }
    return () => {
      observer?.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [shape, theme, language, withSeconds]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  // Arrows move the crosshair step by step (Home and End to the ends); the values are read aloud.
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const chart = plot.current;
    if (!chart || t.length === 0) return;
    const rtl = document.documentElement.dir === 'rtl';
    const last = t.length - 1;
    const current = keyboardIdx.current ?? last;
    const next = {
      ArrowRight: current + (rtl ? -1 : 1),
      ArrowLeft: current + (rtl ? 1 : -1),
      PageUp: current - Math.ceil(t.length / 10),
      PageDown: current + Math.ceil(t.length / 10),
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const idx = Math.min(last, Math.max(0, next));
    keyboardIdx.current = idx;
    chart.setCursor({ left: chart.valToPos(t[idx]!, 'x'), top: HEIGHT / 3 });
    setAnnouncement(describe(idx).join(', '));
  }

  return (
    <figure className="m-0" data-testid={`chart-${model.id}`}>
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <div
        ref={holder}
        role="img"
        tabIndex={0}
        aria-label={title}
        aria-describedby={hintId}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          keyboardIdx.current = null;
          plot.current?.setCursor({ left: -10, top: -10 });
        }}
        className="metric-chart relative w-full rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        data-testid="metric-chart"
      />
      <p id={hintId} className="sr-only">
        {hint}
      </p>
      <p className="sr-only" aria-live="polite" data-testid="chart-announcement">
        {announcement}
      </p>
    </figure>
  );
}
