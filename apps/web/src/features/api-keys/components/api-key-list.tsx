import type { ApiKey, ApiKeyList as ApiKeyListData } from '@proxai/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { toast } from '@/lib/toast';
import { canRevoke, type ApiKeyAccess } from '../api-key-access';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { failureMessage, isForbidden, isPlanRequired } from '../failure';
import { useReturnFocus } from '@/lib/use-return-focus';
import { ApiKeyRow } from './api-key-row';
import { FailureAlert } from '@/components/failure-alert';
import { PlanRequired } from './plan-required';
import { RoleNote } from './role-note';

const COLUMNS = ['key', 'scopes', 'reach', 'created', 'expires', 'lastUsed'] as const;

/**
 * The organisation's keys in a table, newest first, with the create button for those who may create; revoking a
 * key asks first. A refused revocation stays written above the table until dismissed or the next one. When the
 * list is refused, it says why: the plan (naming the one that opens keys), or the person's role.
 */
export function ApiKeyList({
  keys,
  access,
  hostNames,
  onCreate,
  headingRef,
}: {
  keys: UseQueryResult<ApiKeyListData>;
  access: ApiKeyAccess;
  hostNames: ReadonlyMap<string, string>;
  onCreate: () => void;
  /** The list's title: focus lands there when the button that opened a dialog is gone. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation('api-keys');
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useReturnFocus(revoking !== null, headingRef);
  // "Expired" is judged at the time of the answer: pure, and fresh whenever the list is read again.
  const now = keys.dataUpdatedAt;
  const isRefused = isPlanRequired(keys.error) || (isForbidden(keys.error) && !access.canCreate);

  function handleRevoke(key: ApiKey) {
    setFailure(null);
    revoke.mutate(key.id, {
      onSuccess: () => toast.success(t('list.revokedToast', { name: key.name })),
      onError: (error) => setFailure(failureMessage(error, t('common:errors.network'))),
      onSettled: () => setRevoking(null),
    });
  }

  return (
    <section className="space-y-3" aria-labelledby="api-keys-title" data-testid="api-keys">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="api-keys-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {t('list.title')}
        </h2>
        {access.canCreate && !isRefused ? (
          <Button onClick={onCreate} aria-haspopup="dialog" data-testid="api-key-create">
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('list.create')}
          </Button>
        ) : null}
      </div>
      {!access.canCreate && keys.isSuccess ? <RoleNote reason="cannotCreate" /> : null}
      <FailureAlert message={failure} onDismiss={() => setFailure(null)} testId="api-keys-failure" />
      {keys.isPending ? (
        <LoadingRows label={t('loading')} rows={3} testId="api-keys" />
      ) : isPlanRequired(keys.error) ? (
        <PlanRequired error={keys.error} />
      ) : isForbidden(keys.error) && !access.canCreate ? (
        <RoleNote reason="cannotSee" />
      ) : keys.isError ? (
        <LoadError
          message={t('list.loadError')}
          error={keys.error}
          retryLabel={t('retry')}
          onRetry={() => void keys.refetch()}
          testId="api-keys"
        />
      ) : keys.data.items.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
          data-testid="api-keys-empty"
        >
          {access.canCreate ? t('list.emptyCreate') : t('list.empty')}
        </p>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('list.title')}</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-4 py-2 text-start font-medium">
                    {t(`list.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">{t('list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.items.map((key) => (
                <ApiKeyRow
                  key={key.id}
                  apiKey={key}
                  hostNames={hostNames}
                  isRevocable={canRevoke(access, key, now)}
                  onRevoke={() => setRevoking(key)}
                  now={now}
                />
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('list.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('list.revokeText')}
        confirmLabel={t('list.revoke')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={revoke.isPending}
        onConfirm={() => revoking && handleRevoke(revoking)}
      />
    </section>
  );
}
