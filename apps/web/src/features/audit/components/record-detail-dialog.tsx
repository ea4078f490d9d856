import type { AuditRecord } from '@proxai/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format-instant';
import { ActorLabel } from './actor-label';
import { OutcomeBadge } from './outcome-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One record in full: its fields, its details pretty-printed and its hash in the chain. */
export function RecordDetailDialog({ record, onClose }: { record: AuditRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('audit');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const hasDetails = record !== null && record.details !== null && record.details !== undefined;
  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={record?.seq != null ? t('detail.title', { seq: record.seq }) : t('detail.titleUnnumbered')}
      closeLabel={t('close')}
      size="xl"
    >
      {record ? (
        <div className="space-y-4 text-sm" data-testid="audit-detail">
          <dl className="space-y-2">
            <Field label={t('table.time')}>
              <time dateTime={record.at}>{formatDateTime(record.at, language)}</time>
            </Field>
            <Field label={t('table.actor')}>
              <ActorLabel actor={record.actor} />
              {record.actor.id ? (
                <code
                  className="ms-2 break-all font-mono text-xs text-slate-500 dark:text-slate-400"
                  data-testid="audit-actor-id"
                >
                  {record.actor.id}
                </code>
              ) : null}
            </Field>
            <Field label={t('table.action')}>
              <code className="font-mono">{record.action}</code>
            </Field>
            <Field label={t('table.target')}>{record.target ?? '—'}</Field>
            <Field label={t('table.outcome')}>
              <OutcomeBadge outcome={record.outcome} />
            </Field>
            <Field label={t('table.ip')}>{record.ip ?? '—'}</Field>
            <Field label={t('detail.hash')}>
              {record.hash ? (
                <code className="break-all font-mono text-xs" data-testid="audit-detail-hash">
                  {record.hash}
                </code>
              ) : (
                <span data-testid="audit-detail-hash">{t('detail.noHash')}</span>
              )}
            </Field>
          </dl>
          <div>
            <h3 className="mb-1 font-medium">{t('detail.details')}</h3>
            {hasDetails ? (
              <pre
                className="max-h-80 overflow-auto rounded-lg bg-slate-100 p-3 font-mono text-xs text-slate-800 dark:bg-slate-950 dark:text-slate-200"
                tabIndex={0}
                aria-label={t('detail.details')}
                data-testid="audit-detail-json"
              >
                {JSON.stringify(record.details, null, 2)}
              </pre>
            ) : (
              <p className="text-slate-500 dark:text-slate-400" data-testid="audit-detail-json">
                {t('detail.noDetails')}
              </p>
            )}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
