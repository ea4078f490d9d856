import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PLAN_FEATURES, PLAN_TYPES, PLANS, UNLIMITED, type PlanLimits } from '@proxai/contract/plans';

const LIMIT_ROWS: readonly (keyof PlanLimits)[] = ['max_hosts', 'max_vms', 'max_users', 'max_storage_gb'];

/** Feature-detail comparison of the four plans, generated from the plans module. */
export function PricingTable() {
  const { t } = useTranslation(['pricing', 'marketing']);
  const limit = (value: number, key: keyof PlanLimits) =>
    value === UNLIMITED
      ? t('pricing:table.unlimited')
      : key === 'max_storage_gb'
        ? t('pricing:table.gb', { count: value })
        : String(value);
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
      <table className="w-full min-w-[640px] text-start text-sm" data-testid="pricing-table">
        <caption className="sr-only">{t('pricing:table.caption')}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <th scope="col" className="p-4 text-start font-semibold">
              {t('pricing:table.feature')}
            </th>
            {PLAN_TYPES.map((p) => (
              <th key={p} scope="col" className="p-4 text-center font-semibold">
                {t(`marketing:plans.${p}.name`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {LIMIT_ROWS.map((key) => (
            <tr key={key}>
              <th scope="row" className="p-4 text-start font-medium">
                {t(`pricing:table.limits.${key}`)}
              </th>
              {PLAN_TYPES.map((p) => (
                <td key={p} className="p-4 text-center tabular-nums">
                  {limit(PLANS[p].limits[key], key)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className="p-4 text-start font-medium">
              {t('pricing:table.support')}
            </th>
            {PLAN_TYPES.map((p) => (
              <td key={p} className="p-4 text-center">
                {t(`marketing:plans.support.${PLANS[p].support}`)}
              </td>
            ))}
          </tr>
          {PLAN_FEATURES.map((f) => (
            <tr key={f}>
              <th scope="row" className="p-4 text-start font-medium">
                {t(`marketing:plans.features.${f}`)}
              </th>
              {PLAN_TYPES.map((p) => {
                const isIncluded = (PLANS[p].features as readonly string[]).includes(f);
                return (
                  <td key={p} className="p-4 text-center">
                    {isIncluded ? (
                      <Check className="mx-auto h-5 w-5 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
                    ) : (
                      <Minus className="mx-auto h-5 w-5 text-slate-400" aria-hidden="true" />
                    )}
                    <span className="sr-only">{isIncluded ? t('pricing:table.included') : t('pricing:table.notIncluded')}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
