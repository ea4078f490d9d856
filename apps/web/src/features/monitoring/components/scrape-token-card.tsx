import { Check, Copy, KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRevokeScrapeToken, useRotateScrapeToken, useScrapeToken } from '../api/scrape-token';

const errorText = (error: Error) => (error instanceof ApiError ? error.detail : error.message);

/**
 * The Prometheus scrape token: Prometheus cannot sign in, so it sends this token to GET /api/metrics/prometheus. A new
 * token is shown once (with a copy button) and replaces the previous one.
 */
export function ScrapeTokenCard({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation('monitoring');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const info = useScrapeToken();
  const rotate = useRotateScrapeToken();
  const revoke = useRevokeScrapeToken();
  const [shown, setShown] = useState<string | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const endpoint = `${window.location.origin}/api/metrics/prometheus`;

  async function handleCopy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      setIsCopied(true);
    } catch {
      // No clipboard: the token stays selectable.
    }
  }

  return (
    <Card className="space-y-3" data-testid="scrape-token">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {t('settings.token.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.token.text')}</p>
      <pre className="overflow-x-auto rounded-md bg-slate-100 p-2 text-xs dark:bg-slate-800" data-testid="scrape-config">
        {`scrape_configs:\n  - job_name: proxai\n    scheme: ${window.location.protocol.replace(':', '')}\n    metrics_path: /api/metrics/prometheus\n    authorization:\n      credentials: <token>\n    static_configs:\n      - targets: ['${window.location.host}']`}
      </pre>
      <p className="text-xs text-slate-500 dark:text-slate-400">{endpoint}</p>
      {info.isPending ? (
        <LoadingRows label={t('loading')} rows={1} className="h-8" testId="scrape-token" />
      ) : info.isError ? (
        <LoadError
          message={t('settings.token.loadError')}
          error={info.error}
          retryLabel={t('retry')}
          onRetry={() => void info.refetch()}
          testId="scrape-token"
        />
      ) : (
        <p className="text-sm" data-testid="scrape-token-state">
          {info.data.exists && info.data.prefix
            ? t('settings.token.exists', {
                prefix: info.data.prefix,
                time: info.data.created_at ? new Date(info.data.created_at).toLocaleString(language) : '—',
              })
            : t('settings.token.none')}
        </p>
      )}
      {shown ? (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40">
          <p className="text-sm font-medium">{t('settings.token.once')}</p>
          <div className="flex items-center gap-2">
            <code className="flex-1 overflow-x-auto font-mono text-sm break-all select-all" data-testid="scrape-token-value">
              {shown}
            </code>
            <Button variant="outline" size="sm" onClick={() => void handleCopy()} data-testid="scrape-token-copy">
              {isCopied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
              {isCopied ? t('settings.token.copied') : t('settings.token.copy')}
            </Button>
          </div>
        </div>
      ) : null}
      {canManage && info.data ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant={info.data.exists ? 'outline' : 'primary'}
            isLoading={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: (token) => {
                  setIsCopied(false);
                  setShown(token.token);
                },
                onError: (error) => toast.error(errorText(error)),
              })
            }
            data-testid="scrape-token-rotate"
          >
            {t(info.data.exists ? 'settings.token.rotate' : 'settings.token.create')}
          </Button>
          {info.data.exists ? (
            <Button
              variant="ghost"
              className="text-red-600 dark:text-red-400"
              onClick={() => setIsConfirming(true)}
              data-testid="scrape-token-revoke"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('settings.token.revoke')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('settings.token.revokeTitle')}
        description={t('settings.token.revokeText')}
        confirmLabel={t('settings.token.revoke')}
        cancelLabel={t('settings.cancel')}
        closeLabel={t('settings.close')}
        isDestructive
        isPending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setShown(null);
              setIsConfirming(false);
              toast.success(t('settings.token.revoked'));
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </Card>
  );
}
