import { Lock, ScrollText } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { ApiError } from '@/lib/api-client';
import { getStoredUser } from '@/lib/auth-storage';
import { useAuditRecords } from './api/audit-records';
import { mayArchiveAudit, mayReadAudit } from './audit-access';
import { filtersFromParams, filtersToParams, type AuditFilters } from './audit-filters';
import { ArchivePanel } from './components/archive-dialog';
import { ExportPanel } from './components/export-panel';
import { FilterBar } from './components/filter-bar';
import { RecordTable } from './components/record-table';

/** Said instead of the trail to those who may not read it (hidden early by role, or refused by the server). */
function Forbidden() {
  const { t } = useTranslation('audit');
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="audit-forbidden"
    >
      <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {t('forbidden')}
    </p>
  );
}

/**
 * The filters (kept in the address), the exports, the archive (for those who may archive) and the records; a 403
 * from the server says who may read them.
 */
function AuditTrail() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const query = useAuditRecords(filters);
  const records = useMemo(() => query.data?.pages.flatMap((page) => page.records) ?? [], [query.data]);
  const isFiltered = Object.values(filters).some((value) => value !== '');

  if (query.error instanceof ApiError && query.error.status === 403) return <Forbidden />;

  const handleApply = (next: AuditFilters) => setParams(filtersToParams(next), { replace: true });
  return (
    <>
      <FilterBar applied={filters} onApply={handleApply} />
      <ExportPanel records={records} filters={filters} />
      {mayArchiveAudit(getStoredUser()) ? <ArchivePanel /> : null}
      <RecordTable query={query} records={records} isFiltered={isFiltered} />
    </>
  );
}

/**
 * /audit: the organisation's audit trail (the platform's for its administrators), newest first: who did what, to
 * what, when, from where and how it ended, filtered by actor, action, target and days; each record in full; the
 * loaded rows as CSV, and the signed export that `npm run audit:verify` checks offline; owners also archive the old
 * records. Owners and administrators only (audit.read): others are told so without asking the server.
 */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const isAllowed = mayReadAudit(getStoredUser());
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <PageTitle icon={ScrollText} title={t('title')} subtitle={t('subtitle')} />
        {isAllowed ? <AuditTrail /> : <Forbidden />}
      </main>
    </div>
  );
}
