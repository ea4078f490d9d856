import type { ApiKeyCreated } from '@proxai/contract';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { CopyButton } from '@/components/copy-button';

/**
 * A new key's secret, shown this once (the server keeps only its hash): selectable, copied with a button, with the
 * warning that it will not be shown again and how a request carries it. It takes the focus as it appears (the form
 * that had it is gone).
 */
export function SecretPanel({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const { t } = useTranslation('api-keys');
  const id = useId();
  return (
    <div className="space-y-4" data-testid="api-key-secret-panel">
      <p role="status" className="text-sm font-medium" data-testid="api-key-created">
        {t('secret.created', { name: created.name })}
      </p>
      <p
        id={`${id}-warning`}
        className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        data-testid="api-key-secret-warning"
      >
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t('secret.warning')}
      </p>
      <div>
        <Label htmlFor={`${id}-secret`}>{t('secret.label')}</Label>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            id={`${id}-secret`}
            readOnly
            value={created.secret}
            dir="ltr"
            spellCheck={false}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby={`${id}-warning`}
            className="min-w-0 flex-1 font-mono"
            data-testid="api-key-secret"
          />
          <CopyButton text={created.secret} label={t('secret.copy')} testId="api-key-secret-copy" />
        </div>
      </div>
      <div>
        <p className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('secret.example')}</p>
        <pre
          className="overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100"
          dir="ltr"
        >
          <code>{`curl -H "Authorization: Bearer $PROXAI_API_KEY" ${window.location.origin}/api/vms`}</code>
        </pre>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone} data-testid="api-key-secret-done">
          {t('secret.done')}
        </Button>
      </div>
    </div>
  );
}
