import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check, History } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { tList } from '@/features/marketing/content/blocks';

/** The first product page, kept reachable at /old-product (SPEC.md §2 legacy variants). */
export function OldProductPage() {
  const { t } = useTranslation('legacy');
  return (
    <PublicLayout backLink>
      <div className="mx-auto max-w-4xl px-4 py-12">
        <p
          role="note"
          className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          <History className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {t('product.notice')}{' '}
            <Link to="/product" className="font-medium underline">
              {t('product.newVersion')}
            </Link>
          </span>
        </p>
        <h1 className="mt-8 text-4xl font-bold text-slate-900 dark:text-white">{t('product.title')}</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t('product.subtitle')}</p>
        <h2 className="mt-10 text-xl font-semibold text-slate-900 dark:text-white">{t('product.featuresTitle')}</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {tList(t, 'product.features').map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-slate-700 dark:text-slate-300">
              <Check className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <h2 className="mt-10 text-xl font-semibold text-slate-900 dark:text-white">{t('product.howTitle')}</h2>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{t('product.howText')}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/auth" className={buttonClasses('primary', 'lg')}>
            {t('product.try')}
          </Link>
          <Link to="/pricing" className={buttonClasses('outline', 'lg')}>
            {t('product.pricing')}
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
