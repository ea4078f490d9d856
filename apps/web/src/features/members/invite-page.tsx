import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { useInvitePreview } from './api/invite-link';
import { InviteAnswer } from './components/invite-answer';
import { InviteLayout } from './components/invite-layout';

/**
 * /invite/:token (public, the mailed link): what the invitation is for, then signing in with the invited address
 * (the sign-in page comes back here through `?next=`) or, signed in, accepting it. An unknown, expired, used or
 * revoked link says so.
 */
export function InvitePage() {
  const { t } = useTranslation('members');
  const { token = '' } = useParams();
  const preview = useInvitePreview(token);

  return (
    <InviteLayout>
      {preview.isPending ? (
        <div className="flex flex-col items-center gap-4 py-8" role="status" aria-live="polite" data-testid="invite-loading">
          <span
            className="h-10 w-10 animate-spin rounded-full border-4 border-brand-600 border-t-transparent"
            aria-hidden="true"
          />
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('loading')}</p>
        </div>
      ) : preview.isError ? (
        preview.error instanceof ApiError && preview.error.status === 404 ? (
          <div className="space-y-2" data-testid="invite-gone">
            <h1 className="text-xl font-bold">{t('invitePage.goneTitle')}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('invitePage.gone')}</p>
          </div>
        ) : (
          <LoadError
            message={t('invitePage.loadError')}
            error={preview.error}
            retryLabel={t('retry')}
            onRetry={() => void preview.refetch()}
            testId="invite"
          />
        )
      ) : (
        <InviteAnswer token={token} preview={preview.data} />
      )}
    </InviteLayout>
  );
}
