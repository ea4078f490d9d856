import type { AuditRecord } from '@proxai/contract';
import { FileSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-instant';
import { ActorLabel } from './actor-label';
import { OutcomeBadge } from './outcome-badge';

/** One record in the table, with a button opening it in full. */
export function RecordRow({ record, onOpen }: { record: AuditRecord; onOpen: () => void }) {
  const { t, i18n } = useTranslation('audit');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <tr className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="audit-row">
      <td className="whitespace-nowrap px-4 py-2">
        <time dateTime={record.at} title={record.at}>
          {formatDateTime(record.at, language)}
        </time>
      </td>
      <td className="px-4 py-2 font-mono text-xs tabular-nums" data-testid="audit-seq">
        {record.seq ?? '—'}
      </td>
      <td className="max-w-[18rem] px-4 py-2">
        <ActorLabel actor={record.actor} />
      </td>
      <td className="px-4 py-2">
        <code className="font-mono text-xs">{record.action}</code>
      </td>
      <td className="max-w-[16rem] truncate px-4 py-2" title={record.target ?? undefined}>
        {record.target ?? '—'}
      </td>
      <td className="px-4 py-2">
        <OutcomeBadge outcome={record.outcome} />
      </td>
      <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">{record.ip ?? '—'}</td>
      <td className="px-4 py-2 text-end">
        <Button
          variant="ghost"
          size="sm"
          onClick={onOpen}
          aria-label={record.seq !== null ? t('table.open', { seq: record.seq }) : t('table.openUnnumbered')}
          data-testid="audit-open"
        >
          <FileSearch className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('table.details')}</span>
        </Button>
      </td>
    </tr>
  );
}
