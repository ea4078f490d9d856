import type { SessionInfo } from '@proxai/contract';
import { LogOut, MonitorSmartphone, MonitorX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-storage';
import { formatDateTime } from '@/lib/format-instant';
import { toast } from '@/lib/toast';
import { logoutEverywhere, useRevokeSession, useSessions } from '../api/sessions';
import { problemText } from '../problem-text';
import { useFocusReturn } from '../use-focus-return';
import { describeUserAgent } from '../user-agent';
import { InlineError, SectionCard } from './section-card';

/**
 * Where the person is signed in (device, address, last use, this device first): sign one out, or all of them
 * (this one too: then, as the account menu does, the browser's session is cleared and /auth follows).
 */
export function SessionsCard() {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const sessions = useSessions();
  const focus = useFocusReturn();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleLogoutAll() {
    setIsLeaving(true);
    try {
      const { revoked } = await logoutEverywhere();
      toast.success(t('sessions.allDone', { revoked }));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) {
        setError(problemText(err, t));
        setIsLeaving(false);
        return;
      }
      toast.info(t('sessions.ended'));
    }
    clearSession();
    void navigate('/auth', { replace: true });
  }

  const list = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at),
  );

  return (
    <SectionCard
      id="sessions"
      icon={MonitorSmartphone}
      title={t('sessions.title')}
      text={t('sessions.text')}
      action={
        <Button
          variant="outline"
          aria-haspopup="dialog"
          onClick={() => {
            focus.remember();
            setIsConfirming(true);
          }}
          data-testid="sessions-logout-all"
        >
          <MonitorX className="h-4 w-4" aria-hidden="true" />
          {t('sessions.logoutAll')}
        </Button>
      }
    >
      {sessions.isPending ? (
        <LoadingRows label={t('loading')} rows={2} testId="sessions" />
      ) : sessions.isError ? (
        <LoadError
          message={t('sessions.loadError')}
          error={sessions.error}
          retryLabel={t('retry')}
          onRetry={() => void sessions.refetch()}
          testId="sessions"
        />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="sessions">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (open) return;
          setIsConfirming(false);
          setError(null);
          focus.restore();
        }}
        title={t('sessions.logoutAllTitle')}
        description={t('sessions.logoutAllText')}
        confirmLabel={t('sessions.logoutAll')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={isLeaving}
        onConfirm={() => void handleLogoutAll()}
      >
        {error ? <InlineError message={error} testId="sessions-logout-all-error" /> : null}
      </ConfirmDialog>
    </SectionCard>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t, i18n } = useTranslation('security');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const revoke = useRevokeSession();
  const { browser, system } = describeUserAgent(session.user_agent);
  const device =
    browser || system
      ? t('sessions.device', { browser: browser ?? t('sessions.unknownBrowser'), system: system ?? t('sessions.unknownSystem') })
      : t('sessions.unknownDevice');

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row" data-session-id={session.id}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span title={session.user_agent ?? undefined}>{device}</span>
          {session.current ? (
            <span
              className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-700 dark:bg-brand-700/30 dark:text-brand-100"
              data-testid="session-current"
            >
              {t('sessions.thisDevice')}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <span dir="ltr">{session.ip ?? t('sessions.unknownIp')}</span>
          {' · '}
          {t('sessions.lastUsed', { time: formatDateTime(session.last_seen_at, language) })}
          {' · '}
          {t('sessions.signedIn', { time: formatDateTime(session.created_at, language) })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          isLoading={revoke.isPending}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () => toast.success(t('sessions.revoked', { device })),
              onError: (err) => {
                const text = problemText(err, t);
                if (text) toast.error(text);
              },
            })
          }
          aria-label={t('sessions.revokeNamed', { device })}
          data-testid="session-revoke"
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t('sessions.revoke')}
        </Button>
      )}
    </li>
  );
}
