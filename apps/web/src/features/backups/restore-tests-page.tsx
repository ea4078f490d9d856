import { FlaskConical, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { Button } from '@/components/ui/button';
import { LoadingRows } from '@/components/ui/load-states';
import { getStoredUser } from '@/lib/auth-storage';
import { useVms } from '@/lib/fleet-reads';
import { useRestoreTestSummary } from './api/restore-test-summary';
import { backupPermissions } from './backups-permissions';
import { Section } from './components/data-table';
import { isPlanRequired, QueryProblem } from './components/query-problem';
import { RestoreTestHistory } from './components/restore-test-history';
import { RestoreTestSummaryTable } from './components/restore-test-summary-table';
import { RunRestoreTestDialog } from './components/run-restore-test-dialog';

/**
 * /restore-tests: per guest, the last result, RTO and its trend, the next scheduled test; then every test's history.
 * "Run restore test" restores a backup isolated, probes it from inside and destroys it (then its page opens).
 */
export function RestoreTestsPage() {
  const { t } = useTranslation('backups');
  const [{ canRunRestoreTest }] = useState(() => backupPermissions(getStoredUser()?.org_role));
  const summary = useRestoreTestSummary();
  const guests = useVms();
  /** '' : pick the guest in the dialog; an id: that guest; null: closed. */
  const [running, setRunning] = useState<string | null>(null);
  const runGuest = running ? (guests.data?.find((g) => g.id === running) ?? null) : null;
  // Restore tests are a Pro feature: without it, the page says so once instead of failing every part.
  const isLocked = isPlanRequired(summary.error);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <PageTitle icon={FlaskConical} title={t('restoreTests.title')} subtitle={t('restoreTests.subtitle')} />
          {canRunRestoreTest && !isLocked ? (
            <Button onClick={() => setRunning('')} disabled={!guests.data} data-testid="run-test">
              <Play className="h-4 w-4" aria-hidden="true" />
              {t('runTest.open')}
            </Button>
          ) : null}
        </div>
        {summary.isPending ? (
          <LoadingRows label={t('loading')} rows={3} className="h-12" testId="summary" />
        ) : summary.isError ? (
          <QueryProblem
            error={summary.error}
            message={t('summary.loadError')}
            onRetry={() => void summary.refetch()}
            testId="summary"
          />
        ) : (
          <Section
            title={t('summary.title')}
            hint={t('summary.hint')}
            isEmpty={summary.data.items.length === 0}
            emptyText={t('summary.empty')}
            testId="summary"
          >
            <RestoreTestSummaryTable items={summary.data.items} onRun={canRunRestoreTest ? setRunning : undefined} />
          </Section>
        )}
        {isLocked ? null : (
          <section className="space-y-2" aria-labelledby="history-title">
            <h2 id="history-title" className="text-lg font-semibold">
              {t('history.title')}
            </h2>
            <RestoreTestHistory />
          </section>
        )}
      </main>
      {running !== null && guests.data ? (
        <RunRestoreTestDialog guest={runGuest} guests={guests.data} onClose={() => setRunning(null)} />
      ) : null}
    </div>
  );
}
