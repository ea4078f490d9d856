import { BookOpen, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

/** How a key is used: the header every request carries, what bounds its rights, and the API's reference. */
export function UsageCard() {
  const { t } = useTranslation('api-keys');
  return (
    <Card className="space-y-3" role="region" aria-labelledby="api-keys-usage-title" data-testid="api-keys-usage">
      <h2 id="api-keys-usage-title" className="flex items-center gap-2 text-lg font-semibold">
        <Info className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {t('usage.title')}
      </h2>
      <p className="text-sm">{t('usage.text')}</p>
      <pre
        className="overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        dir="ltr"
        data-testid="api-keys-usage-header"
      >
        <code>Authorization: Bearer &lt;secret&gt;</code>
      </pre>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('usage.rights')}</p>
      <a
        href="/api/docs"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-500"
        data-testid="api-keys-docs-link"
      >
        <BookOpen className="h-4 w-4" aria-hidden="true" />
        {t('usage.docs')}
      </a>
    </Card>
  );
}
