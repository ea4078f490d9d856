import type { Host } from '@proxai/contract';
import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useHostPrivileges } from '../api/host-privileges';
import { GRANT_ROLE, grantCommands, missingPrivileges } from '../grant-commands';

/**
 * The Proxmox privileges each feature of the portal needs on this host, read live when opened: which are
 * missing (privilege and ACL path), and how to grant them.
 */
export function HostPermissions({ id, host, className }: { id: string; host: Host; className?: string }) {
  const { t, i18n } = useTranslation('hosts');
  const privileges = useHostPrivileges(host.id);

  let body;
  // A retry after an error shows the loading state again, so the button visibly did something.
  if (privileges.isPending || (privileges.isError && privileges.isFetching)) {
    body = <LoadingRows label={t('permissions.loading')} rows={3} className="h-6" testId="host-permissions" />;
  } else if (privileges.isError) {
    body = (
      <LoadError
        message={t('permissions.loadError')}
        error={privileges.error}
        retryLabel={t('retry')}
        onRetry={() => void privileges.refetch()}
        testId="host-permissions"
      />
    );
  } else {
    const { checked_at, features } = privileges.data;
    const missing = missingPrivileges(privileges.data);
    const who = host.auth_type === 'token' && host.token_name ? `${host.user}!${host.token_name}` : host.user;
    body = (
      <>
        <ul className="space-y-2" data-testid="host-permissions-list">
          {features.map(({ feature, ok, privileges: needed }) => (
            <li key={feature} className="flex items-start gap-2" data-testid={`host-permissions-${feature}`}>
              {ok ? (
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
              ) : (
                <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p>
                  <span className="font-medium">{t(`permissions.features.${feature}`)}</span>
                  {' · '}
                  <span className={ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}>
                    {t(ok ? 'permissions.ok' : 'permissions.missing')}
                  </span>
                </p>
                {ok ? null : (
                  <ul className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                    {needed
                      .filter((p) => !p.granted)
                      .map((p) => (
                        <li key={`${p.path} ${p.privilege}`}>
                          <Trans
                            t={t}
                            i18nKey="permissions.missingPrivilege"
                            values={{ privilege: p.privilege, path: p.path }}
                            components={{ code: <code dir="ltr" className="font-mono" /> }}
                          />
                        </li>
                      ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
        {missing.length > 0 ? (
          <div
            className="space-y-2 border-t border-slate-200 pt-3 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400"
            data-testid="host-permissions-hint"
          >
            <p className="font-medium text-slate-800 dark:text-slate-200">{t('permissions.hintTitle')}</p>
            <p>{t('permissions.hintUi', { who })}</p>
            <p>{t('permissions.hintShell')}</p>
            <pre
              dir="ltr"
              className="overflow-x-auto rounded-md bg-slate-900 p-2 font-mono text-[11px] leading-5 text-slate-100 dark:bg-slate-950"
              data-testid="host-permissions-commands"
            >
              {grantCommands(host, missing).join('\n')}
            </pre>
            <p>{t('permissions.hintRole', { role: GRANT_ROLE })}</p>
            {host.auth_type === 'token' ? <p>{t('permissions.hintToken')}</p> : null}
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
          <span>
            {t('permissions.checkedAt', {
              time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(checked_at)),
            })}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void privileges.refetch()}
            isLoading={privileges.isFetching}
            data-testid="host-permissions-refresh"
          >
            {privileges.isFetching ? null : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
            {t('permissions.refresh')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section
      id={id}
      aria-label={t('permissions.title', { name: host.name })}
      className={cn('space-y-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700', className)}
      data-testid="host-permissions"
    >
      {body}
    </section>
  );
}
