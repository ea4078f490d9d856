import { CheckCircle2, Download, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingRows } from '@/components/ui/load-states';
import { saveEvidence, useEvidence } from '../api/restore-test-evidence';
import { formatDateTime } from '@/lib/format-instant';
import { QueryProblem } from './query-problem';

function Check({ ok, label, testId }: { ok: boolean | null; label: string; testId: string }) {
  const { t } = useTranslation('backups');
  return (
    <p className="flex items-center gap-2 text-sm" data-testid={testId} data-ok={String(ok)}>
      {ok ? (
        <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      ) : (
        <XCircle className="h-4 w-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
      )}
      <span>
        <span className="sr-only">{ok ? t('detail.yes') : t('detail.no')}: </span>
        {label}
      </span>
    </p>
  );
}

/**
 * What the signed evidence proves beyond the timings and probes: the copy's NICs as read back before start (all
 * link_down=1), what the cleanup found (VMID and disks gone), who signed it and when; and the file itself, saved byte
 * for byte so that `npm run evidence:verify` accepts it offline.
 */
export function EvidenceProofs({ testId }: { testId: string }) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const evidence = useEvidence(testId, true);
  if (evidence.isPending) return <LoadingRows label={t('loading')} rows={2} className="h-16" testId="evidence" />;
  if (evidence.isError)
    return (
      <QueryProblem
        error={evidence.error}
        message={t('detail.evidenceError')}
        onRetry={() => void evidence.refetch()}
        testId="evidence"
      />
    );
  const { isolation, cleanup } = evidence.data.evidence;
  const nics = Object.entries(isolation.nics);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="space-y-2" data-testid="isolation-proof">
        <h2 className="text-lg font-semibold">{t('detail.isolation')}</h2>
        <Check
          ok={isolation.checked && isolation.all_links_down}
          label={t(isolation.checked ? (isolation.all_links_down ? 'detail.linksDown' : 'detail.linksUp') : 'detail.notChecked')}
          testId="isolation-check"
        />
        {nics.length > 0 ? (
          <ul className="space-y-1 text-xs" aria-label={t('detail.nics')}>
            {nics.map(([name, config]) => (
              <li key={name} className="rounded bg-slate-100 px-2 py-1 font-mono break-all dark:bg-slate-800" dir="ltr">
                {name}: {config}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('detail.noNics')}</p>
        )}
      </Card>
      <Card className="space-y-2" data-testid="cleanup-proof">
        <h2 className="text-lg font-semibold">{t('detail.cleanup')}</h2>
        <Check
          ok={cleanup.attempted && cleanup.vmid_gone === true && cleanup.leftover_volumes.length === 0}
          label={t(
            !cleanup.attempted
              ? 'detail.cleanupNone'
              : cleanup.vmid_gone && cleanup.leftover_volumes.length === 0
                ? 'detail.cleanupDone'
                : 'detail.cleanupLeftover',
          )}
          testId="cleanup-check"
        />
        {cleanup.leftover_volumes.length > 0 ? (
          <ul className="space-y-1 text-xs" aria-label={t('detail.leftovers')}>
            {cleanup.leftover_volumes.map((v) => (
              <li key={v} className="font-mono break-all text-red-700 dark:text-red-400" dir="ltr">
                {v}
              </li>
            ))}
          </ul>
        ) : null}
        {cleanup.detail ? <p className="text-sm break-words text-slate-600 dark:text-slate-300">{cleanup.detail}</p> : null}
      </Card>
      <Card className="flex flex-wrap items-center justify-between gap-3 lg:col-span-2" data-testid="evidence">
        <div className="min-w-0 text-sm">
          <p className="font-semibold">{t('detail.evidence')}</p>
          <p className="text-slate-600 dark:text-slate-300">
            {t('detail.signed', {
              time: formatDateTime(evidence.data.evidence.signed_at, language),
              key: evidence.data.evidence.key_id,
            })}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('detail.verifyHint', { command: 'npm run evidence:verify', path: '/api/evidence/public-key' })}
          </p>
        </div>
        <Button onClick={() => saveEvidence(evidence.data)} data-testid="evidence-download">
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('detail.download')}
        </Button>
      </Card>
    </div>
  );
}
