import type { AlertKind, Language } from '@proxai/contract';
import { duration, inUnit, percent, type QuantityFormat } from '@proxai/contract/alert-quantities';
import { message } from '../../i18n/messages';

/**
 * An alert's one-line description in a channel's language, composed from its structured fields (kind, subject,
 * value, threshold) as the web app words it (features/alerts/alert-line.ts). The alert's stored `summary` is
 * English: it is only used for a kind this build does not know.
 */

export interface AlertFacts {
  kind: string;
  subject?: { name?: string } | null;
  value?: number | null;
  threshold?: number | null;
  summary: string;
}

type Format = QuantityFormat;

const plainFormats = new Map<string, Intl.NumberFormat>();
/** A number in `language`, one decimal at most. */
const plain: Format = (language, value) => {
  let format = plainFormats.get(language);
  if (!format) plainFormats.set(language, (format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 })));
  return format.format(value);
};

const MISSING = '—';

type Wording = (a: AlertFacts, language: Language, name: string) => string;

/** A kind worded with its value and threshold; without a value its own wording, or "no reading". */
function measured(
  kind: 'cpu' | 'memory' | 'disk' | 'storage' | 'host_offline' | 'backup_missing' | 'restore_test_missing',
  format: Format,
  ownWithout: 'host_offline' | 'backup_missing' | 'restore_test_missing' | null = null,
): Wording {
  return (a, language, name) => {
    const threshold = a.threshold == null ? MISSING : format(language, a.threshold);
    if (a.value == null)
      return ownWithout
        ? message(language, `alertLineWithout.${ownWithout}`, { name, threshold })
        : message(language, 'alertLineWithout.reading', { name });
    return message(language, `alertLine.${kind}`, { name, value: format(language, a.value), threshold });
  };
}

const LINES: Record<AlertKind, Wording> = {
  cpu: measured('cpu', percent),
  memory: measured('memory', percent),
  disk: measured('disk', percent),
  storage: measured('storage', percent),
  host_offline: measured('host_offline', duration, 'host_offline'),
  collector_stale: (a, language, name) =>
    a.value == null
      ? message(language, 'alertLineWithout.reading', { name })
      : message(language, 'alertLine.collector_stale', {
          name,
          count: Math.round(a.value),
          threshold: a.threshold == null ? MISSING : plain(language, a.threshold),
        }),
  backup_missing: measured('backup_missing', inUnit('hour'), 'backup_missing'),
  restore_test_missing: measured('restore_test_missing', inUnit('day'), 'restore_test_missing'),
  guest_down: (_a, language, name) => message(language, 'alertLine.guest_down', { name }),
  backup_failed: (_a, language, name) => message(language, 'alertLine.backup_failed', { name }),
  restore_test_failed: (_a, language, name) => message(language, 'alertLine.restore_test_failed', { name }),
  flapping: (_a, language, name) => message(language, 'alertLine.flapping', { name }),
};

/** The alert's line in `language`; its English summary when the kind is unknown or the subject has no name. */
export function alertText(a: AlertFacts, language: Language): string {
  const wording = Object.hasOwn(LINES, a.kind) ? LINES[a.kind as AlertKind] : undefined;
  const name = a.subject?.name;
  return wording && name ? wording(a, language, name) : a.summary;
}
