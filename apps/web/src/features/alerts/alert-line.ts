import type { Alert, AlertKind } from '@proxai/contract';
import type { TFunction } from 'i18next';
import { numberFormat } from '@/lib/format-bytes';

// An alert's one-line description in the reader's language, composed from its structured fields (kind, subject,
// value, threshold). The server's `summary` is English: it is only shown for a kind this build does not know yet.

type Unit = 'second' | 'minute' | 'hour' | 'day';
type Line = { key: string; values: Record<string, string | number> };
type Format = (language: string, value: number) => string;

const formats = new Map<string, Intl.NumberFormat>();

/** A number format of `language` in `style` (a unit, or percent), one decimal at most; made once per pair. */
function formatOf(language: string, style: Unit | 'percent'): Intl.NumberFormat {
  const id = `${language}:${style}`;
  let format = formats.get(id);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      style === 'percent' ? { style: 'percent' } : { style: 'unit', unit: style, unitDisplay: 'long' };
    format = new Intl.NumberFormat(language, { ...options, maximumFractionDigits: 1 });
    formats.set(id, format);
  }
  return format;
}

/** "2 minutes", "2 Minuten", "دقيقتان": a quantity of `unit` in `language`, its plural included. */
const inUnit =
  (unit: Unit): Format =>
  (language, value) =>
    formatOf(language, unit).format(value);

/** "93 %", "93.5%": a percentage (0–100) in `language`. */
const percent: Format = (language, value) => formatOf(language, 'percent').format(value / 100);

/** Seconds offline: in seconds below two minutes, then in minutes, then in hours (one decimal at most). */
const offline: Format = (language, seconds) => {
  if (seconds < 120) return inUnit('second')(language, Math.round(seconds));
  if (seconds < 7200) return inUnit('minute')(language, seconds / 60);
  return inUnit('hour')(language, seconds / 3600);
};

const intervals: Format = (language, value) => numberFormat(language, 1).format(value);

const MISSING = '—';

/**
 * A kind worded with its value and its threshold, in `format`. Without a value: its own wording (`lineWithout.<kind>`)
 * when `ownWithout`, else "no reading". `plural`: the wording varies with the value (collector_stale's intervals).
 */
function measured(kind: AlertKind, format: Format, { ownWithout = false, plural = false } = {}) {
  return (a: Alert, language: string): Line => {
    const threshold = a.threshold === null ? MISSING : format(language, a.threshold);
    if (a.value === null) return { key: ownWithout ? `lineWithout.${kind}` : 'lineWithout.reading', values: { threshold } };
    const value = format(language, a.value);
    return { key: `line.${kind}`, values: plural ? { value, threshold, count: a.value } : { value, threshold } };
  };
}

/** A kind worded without a value (an event: a failure, a stop, a flap). */
const event = (kind: AlertKind) => (): Line => ({ key: `line.${kind}`, values: {} });

/** How each kind is worded (a kind added to the contract must be added here, and to alerts.json). */
const LINES: Record<AlertKind, (alert: Alert, language: string) => Line> = {
  cpu: measured('cpu', percent),
  memory: measured('memory', percent),
  disk: measured('disk', percent),
  storage: measured('storage', percent),
  host_offline: measured('host_offline', offline, { ownWithout: true }),
  collector_stale: measured('collector_stale', intervals, { plural: true }),
  backup_missing: measured('backup_missing', inUnit('hour'), { ownWithout: true }),
  restore_test_missing: measured('restore_test_missing', inUnit('day'), { ownWithout: true }),
  guest_down: event('guest_down'),
  backup_failed: event('backup_failed'),
  restore_test_failed: event('restore_test_failed'),
  flapping: event('flapping'),
};

/**
 * The alert's line in `t`'s language (the alerts namespace): its kind's wording; "no reading" when the value the
 * wording needs is missing; the server's English summary when the kind is unknown to this build (a newer server).
 */
export function alertLine(alert: Alert, t: TFunction<'alerts'>, language: string): string {
  const wording = Object.hasOwn(LINES, alert.kind) ? LINES[alert.kind] : undefined;
  if (!wording) return alert.summary;
  const line = wording(alert, language);
  return t(line.key, { ...line.values, name: alert.subject.name });
}

/** The kind's name in `t`'s language; a kind unknown to this build is shown as the server names it. */
export function alertKindLabel(kind: string, t: TFunction<'alerts'>): string {
  return Object.hasOwn(LINES, kind) ? t(`kind.${kind}`) : kind;
}
