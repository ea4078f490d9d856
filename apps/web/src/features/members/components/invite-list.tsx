import type { Invite } from '@proxai/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { formatDateTime } from '@/lib/format-instant';
import { toast } from '@/lib/toast';
import { useRevokeInvite } from '../api/invites';
import { failureMessage } from '../failure';
import { FailureAlert } from '@/components/failure-alert';

/** The invitations not accepted yet: who, which role, who invited, until when; revoking one voids its link. */
export function InviteList({ invites }: { invites: UseQueryResult<Invite[]> }) {
  const { t, i18n } = useTranslation('members');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const revoke = useRevokeInvite();
  const [failure, setFailure] = useState<string | null>(null);
  // Its row is gone once revoked: the focus waits on the list's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);

  function handleRevoke(invite: Invite) {
    setFailure(null);
    revoke.mutate(invite.id, {
      onSuccess: () => {
        toast.success(t('invites.revoked', { email: invite.email }));
        headingRef.current?.focus();
      },
      onError: (error) => setFailure(failureMessage(error, t('common:errors.network'))),
    });
  }

  return (
    <div className="space-y-3" data-testid="invites">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
        {t('invites.title')}
      </h3>
      <FailureAlert message={failure} onDismiss={() => setFailure(null)} testId="invites-failure" />
      {invites.isPending ? (
        <LoadingRows label={t('loading')} rows={1} testId="invites" />
      ) : invites.isError ? (
        <LoadError
          message={t('invites.loadError')}
          error={invites.error}
          retryLabel={t('retry')}
          onRetry={() => void invites.refetch()}
          testId="invites"
        />
      ) : invites.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="invites-empty">
          {t('invites.empty')}
        </p>
      ) : (
        <Card className="p-0">
          <ul>
            {invites.data.map((invite) => (
              <li
                key={invite.id}
                className="flex flex-col gap-2 border-b border-slate-100 p-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
                data-testid="invite-row"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-medium">{invite.email}</span>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
                      {t(`roles.${invite.role}`)}
                    </span>
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {invite.invited_by ? `${t('invites.by', { email: invite.invited_by })} · ` : ''}
                    {t('invites.expires', { time: formatDateTime(invite.expires_at, language) })}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  isLoading={revoke.isPending && revoke.variables === invite.id}
                  onClick={() => handleRevoke(invite)}
                  aria-label={t('invites.revokeNamed', { email: invite.email })}
                  data-testid="invite-revoke"
                >
                  <MailX className="h-4 w-4" aria-hidden="true" />
                  {t('invites.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
