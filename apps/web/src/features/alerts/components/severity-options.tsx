import type { AlertSeverity } from '@proxai/contract';
import { useTranslation } from 'react-i18next';

/** Least to most severe: the order of every severity select (a minimum, a rule's severity). */
export const SEVERITIES: readonly AlertSeverity[] = ['info', 'warning', 'critical'];

/** The options of a severity select, named in the person's language; `order` 'desc' lists the most severe first. */
export function SeverityOptions({ order = 'asc' }: { order?: 'asc' | 'desc' }) {
  const { t } = useTranslation('alerts');
  return (order === 'asc' ? SEVERITIES : [...SEVERITIES].reverse()).map((s) => (
    <option key={s} value={s}>
      {t(`severity.${s}`)}
    </option>
  ));
}
