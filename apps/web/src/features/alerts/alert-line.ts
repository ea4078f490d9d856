import type { Alert, AlertKind } from '@proxai/contract';
import type { TFunction } from 'i18next';
import { duration, inUnit, percent, type QuantityFormat } from '@proxai/contract/alert-quantities';
import { numberFormat } from '@/lib/format-bytes';

// An alert's one-line description in the reader's language, composed from its structured fields (kind, subject,
// value, threshold). The server's `summary` is English: it is only shown for a kind this build does not know yet.

type Line = { key: string; values: Record<string, string | number> };
type Format = QuantityFormat;

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
  host_offline: measured('host_offline', duration, { ownWithout: true }),
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
