import type { AdviceItem } from '@proxai/contract';
import { AlertOctagon, AlertTriangle, Info, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, Skeleton } from '@/components/ui/card';
import { useAdvice } from '../api/dashboard-queries';

const SEVERITY = {
  critical: { icon: AlertOctagon, tone: 'text-red-600 dark:text-red-400' },
  warning: { icon: AlertTriangle, tone: 'text-amber-600 dark:text-amber-400' },
  info: { icon: Info, tone: 'text-sky-600 dark:text-sky-400' },
} as const;

const MAX_ITEMS = 4;

function AdviceRow({ item }: { item: AdviceItem }) {
  const { t } = useTranslation('dashboard');
  const { icon: Icon, tone } = SEVERITY[item.severity];
  return (
    <li className="flex gap-3">
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${tone}`} aria-label={t(`advice.severity.${item.severity}`)} />
      <div className="min-w-0 text-sm">
        <p className="font-medium">{item.title}</p>
        <p className="text-slate-600 dark:text-slate-400">{item.detail}</p>
        {item.action ? <p className="text-slate-500 dark:text-slate-400">→ {item.action}</p> : null}
      </div>
    </li>
  );
}

/** 'ProxAI Conseil': the assistant's reading of the fleet (rules, or a model when one is configured). */
export function AdviceCard({ enabled = true }: { enabled?: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const advice = useAdvice(i18n.resolvedLanguage ?? 'fr', enabled);
  return (
    <Card aria-labelledby="advice-title" data-testid="advice-card">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="advice-title" className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles className="h-5 w-5 text-brand-600 dark:text-brand-400" aria-hidden="true" />
          ProxAI Conseil
        </h2>
        {advice.data ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            {t(advice.data.source === 'ai' ? 'advice.sourceAi' : 'advice.sourceRules')}
          </span>
        ) : null}
      </div>
      {advice.isPending ? (
        <div role="status" aria-label={t('advice.loading')} className="space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : advice.isError ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('advice.error')}</p>
      ) : (
        <>
          <p className="mb-3 text-sm" data-testid="advice-text">
            {advice.data.advice}
          </p>
          {advice.data.items.length > 0 ? (
            <ul className="space-y-3">
              {advice.data.items.slice(0, MAX_ITEMS).map((item, i) => (
                <AdviceRow key={`${item.title}-${i}`} item={item} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Card>
  );
}
