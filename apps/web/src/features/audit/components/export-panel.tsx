import type { AuditRecord } from '@proxai/contract';
import { FileDown, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useAuditExport } from '../api/audit-export';
import { auditCsv } from '../audit-csv';
import type { AuditFilters } from '../audit-filters';
import { saveFile, today } from '@/lib/save-file';

/** Where the key that checks the signatures is published, and the command that checks an export offline. */
const PUBLIC_KEY_PATH = 'GET /api/evidence/public-key';
const VERIFY_COMMAND = 'npm run audit:verify -- <file> --public-key <key>';

/**
 * The two exports: "CSV" the rows loaded on the page, made in the browser (for a spreadsheet); "Export (signed)"
 * the whole chain over the chosen days from the server, which `npm run audit:verify` checks offline.
 */
export function ExportPanel({ records, filters }: { records: AuditRecord[]; filters: AuditFilters }) {
  const { t } = useTranslation('audit');
  const signed = useAuditExport();
  const [saved, setSaved] = useState<string | null>(null);

  function handleCsv() {
    const name = `proxai-audit-${today()}.csv`;
    saveFile(name, new Blob([auditCsv(records)], { type: 'text/csv;charset=utf-8' }));
    setSaved(t('export.saved', { name }));
  }

  function handleSigned() {
    setSaved(null);
    signed.mutate(filters, { onSuccess: (name) => setSaved(t('export.saved', { name })) });
  }

  const failure =
    signed.error instanceof ApiError
      ? signed.error.detail
      : signed.error instanceof NetworkError
        ? t('common:errors.network')
        : signed.error
          ? t('export.failed')
          : null;

  return (
    <Card className="space-y-4" data-testid="audit-exports">
      <h2 className="text-sm font-semibold">{t('export.title')}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col items-start gap-2">
          <Button variant="outline" size="sm" onClick={handleCsv} disabled={records.length === 0} data-testid="audit-csv">
            <FileDown className="h-4 w-4" aria-hidden="true" />
            {t('export.csv')}
          </Button>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('export.csvHint', { count: records.length })}</p>
        </div>
        <div className="flex flex-col items-start gap-2">
          <Button size="sm" onClick={handleSigned} isLoading={signed.isPending} data-testid="audit-export">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            {t('export.signed')}
          </Button>
          <div className="space-y-1 text-xs text-slate-600 dark:text-slate-400" data-testid="audit-export-hint">
            <p>{t('export.signedHint')}</p>
            <p>{t('export.verifyHint', { path: PUBLIC_KEY_PATH })}</p>
            <code
              dir="ltr"
              className="block break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-slate-800 dark:bg-slate-950 dark:text-slate-200"
            >
              {VERIFY_COMMAND}
            </code>
          </div>
        </div>
      </div>
      {failure ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          data-testid="audit-export-error"
        >
          {t('export.failedWith', { detail: failure })}
        </p>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite" data-testid="audit-export-status">
        {saved ?? ''}
      </p>
    </Card>
  );
}
