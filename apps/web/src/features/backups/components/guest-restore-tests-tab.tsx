import type { Vm } from '@proxai/contract';
import { Play, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useVms } from '@/lib/fleet-reads';
import { useGuestCritical, useSetGuestCritical } from '../api/guest-critical';
import { useGuestRestoreTestSummary } from '../api/restore-test-summary';
import type { BackupPermissions } from '../backups-permissions';
import { formatDateTime } from '@/lib/format-instant';
import { formatSeconds } from '../format';
import { isPlanRequired, PlanRequired } from './query-problem';
import { RestoreTestHistory } from './restore-test-history';
import { RtoSparkline } from './rto-sparkline';
import { RunRestoreTestDialog } from './run-restore-test-dialog';
import { StatusBadge } from './status-badge';

/** Marked critical in ProxAI (a switch), or by the Proxmox tag `critical` (said, not switchable here). */
function CriticalToggle({ guest, canChange }: { guest: Vm; canChange: boolean }) {
  const { t } = useTranslation('backups');
  const critical = useGuestCritical(guest.id);
  const set = useSetGuestCritical(guest.id);
  const state = critical.data;
  return (
    <div className="space-y-1" data-testid="critical">
      <label className="flex items-start gap-2 text-sm">
        <Checkbox
          className="mt-0.5"
          checked={set.isPending ? Boolean(set.variables) : (state?.critical ?? false)}
          disabled={!canChange || !state || set.isPending}
          onChange={(e) =>
            set.mutate(e.target.checked, {
              onSuccess: (next) =>
                toast.success(t(next.critical ? 'critical.marked' : 'critical.unmarked', { name: guest.name })),
              onError: (error) =>
                toast.error(t('critical.failed'), { description: error instanceof ApiError ? error.detail : undefined }),
            })
          }
          data-testid="critical-toggle"
        />
        <span>
          <span className="inline-flex items-center gap-1 font-medium">
            <Star className="h-4 w-4 text-amber-500" aria-hidden="true" />
            {t('critical.label')}
          </span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">{t('critical.hint')}</span>
        </span>
      </label>
      {state?.tagged ? (
        <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="critical-tagged">
          {t('critical.tagged')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A guest's restore tests: whether it is critical, its last result, RTO and trend and next scheduled test, "Run
 * restore test", and its history.
 */
export function GuestRestoreTestsTab({ guest, permissions }: { guest: Vm; permissions: BackupPermissions }) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const summary = useGuestRestoreTestSummary(guest.id);
  const guests = useVms();
  const [isRunning, setIsRunning] = useState(false);
  const item = summary.data;
  if (isPlanRequired(summary.error)) return <PlanRequired error={summary.error} />;

  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-start justify-between gap-4">
        <CriticalToggle guest={guest} canChange={permissions.canMarkCritical} />
        {permissions.canRunRestoreTest ? (
          <Button onClick={() => setIsRunning(true)} data-testid="guest-run-test">
            <Play className="h-4 w-4" aria-hidden="true" />
            {t('runTest.open')}
          </Button>
        ) : null}
        <dl className="grid w-full gap-x-6 gap-y-2 text-sm sm:grid-cols-4" data-testid="guest-test-summary">
          <div>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{t('summary.columns.last')}</dt>
            <dd className="font-medium">
              {item?.last_status ? (
                <>
                  <StatusBadge status={item.last_status} />{' '}
                  <span className="text-xs text-slate-500">{formatDateTime(item.last_at, language)}</span>
                </>
              ) : (
                t('summary.never')
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{t('summary.columns.rto')}</dt>
            <dd className="font-medium tabular-nums">{formatSeconds(item?.last_rto_seconds, t, language)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{t('summary.columns.trend')}</dt>
            <dd>
              <RtoSparkline trend={item?.rto_trend ?? []} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{t('summary.columns.next')}</dt>
            <dd className="font-medium">
              {item?.next_scheduled_at ? formatDateTime(item.next_scheduled_at, language) : t('summary.notScheduled')}
            </dd>
          </div>
        </dl>
      </Card>
      <RestoreTestHistory guestId={guest.id} />
      {isRunning ? (
        <RunRestoreTestDialog guest={guest} guests={guests.data ?? [guest]} onClose={() => setIsRunning(false)} />
      ) : null}
    </div>
  );
}
