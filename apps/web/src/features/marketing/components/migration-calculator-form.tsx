import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import {
  CALCULATOR_DEFAULTS,
  CALCULATOR_LIMITS,
  CALCULATOR_PLANS,
  computeMigrationSavings,
  SUPPORT_PER_HOST_YEAR,
  type CalculatorInput,
  type Deployment,
} from '../lib/migration-calculator';
import { formatEuros } from './plan-card';
import { MUTED } from './styles';

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (value: T) => string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o}
            className={cn(
              'cursor-pointer rounded-lg border px-4 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
              value === o
                ? 'border-brand-700 bg-brand-50 text-brand-700 dark:border-brand-500 dark:bg-slate-800 dark:text-brand-500'
                : 'border-slate-300 dark:border-slate-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o}
              checked={value === o}
              onChange={() => onChange(o)}
              className="sr-only"
              data-testid={`${name}-${o}`}
            />
            {label(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Slider({
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <output htmlFor={id} className="text-lg font-bold tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-brand-700"
        data-testid={testId}
      />
      <div className={`flex justify-between text-xs ${MUTED}`}>
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </div>
  );
}

function Figure({
  label,
  children,
  testId,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className={cn('rounded-xl p-4', strong ? 'bg-emerald-50 dark:bg-emerald-950/60' : 'bg-slate-50 dark:bg-slate-800/60')}>
      <dt className={`text-sm ${MUTED}`}>{label}</dt>
      <dd
        className={cn(
          'mt-1 font-extrabold tabular-nums',
          strong ? 'text-3xl text-emerald-800 dark:text-emerald-300' : 'text-2xl',
        )}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** Savings calculator of SPEC.md §9: the numbers come from computeMigrationSavings only. */
export function MigrationCalculatorForm() {
  const { t, i18n } = useTranslation(['migration', 'marketing']);
  const [input, setInput] = useState<CalculatorInput>(CALCULATOR_DEFAULTS);
  const result = computeMigrationSavings(input);
  const eur = (n: number) => formatEuros(n, i18n.resolvedLanguage ?? 'fr');
  const set = <K extends keyof CalculatorInput>(key: K, value: CalculatorInput[K]) =>
    setInput((prev) => ({ ...prev, [key]: value }));

  return (
    <div
      className="grid gap-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
      data-testid="calculator"
    >
      <form className="flex flex-col gap-6" onSubmit={(e) => e.preventDefault()} aria-label={t('migration:calculator.formLabel')}>
        <Slider
          label={t('migration:calculator.vms')}
          value={input.vms}
          {...CALCULATOR_LIMITS.vms}
          onChange={(v) => set('vms', v)}
          testId="calc-vms"
        />
        <Slider
          label={t('migration:calculator.hosts')}
          value={input.hosts}
          {...CALCULATOR_LIMITS.hosts}
          onChange={(v) => set('hosts', v)}
          testId="calc-hosts"
        />
        <Choice
          legend={t('migration:calculator.plan')}
          name="calc-plan"
          options={CALCULATOR_PLANS}
          value={input.plan}
          onChange={(v) => set('plan', v)}
          label={(p) => t(`marketing:plans.${p}.name`)}
        />
        <Choice<Deployment>
          legend={t('migration:calculator.deployment')}
          name="calc-deployment"
          options={['saas', 'onpremise']}
          value={input.deployment}
          onChange={(v) => set('deployment', v)}
          label={(d) => t(`migration:calculator.deployments.${d}`)}
        />
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={input.support}
            onChange={(e) => set('support', e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-brand-700"
            data-testid="calc-support"
          />
          <span>{t('migration:calculator.support', { amount: eur(SUPPORT_PER_HOST_YEAR) })}</span>
        </label>
      </form>
      <div>
        <h3 className="mb-4 text-lg font-semibold">{t('migration:calculator.resultsTitle')}</h3>
        <dl className="grid gap-3" aria-live="polite">
          <Figure label={t('migration:calculator.vendorYearly')} testId="calc-vendor">
            {eur(result.vendorYearly)}
          </Figure>
          <Figure label={t('migration:calculator.proxaiYearly', { monthly: eur(result.proxaiMonthly) })} testId="calc-proxai">
            {eur(result.proxaiTotalYearly)}
          </Figure>
          <Figure label={t('migration:calculator.savings')} testId="calc-savings" strong>
            {eur(result.savings)}
          </Figure>
          <Figure label={t('migration:calculator.savingsPercent')} testId="calc-percent" strong>
            {result.savingsPercent} %
          </Figure>
        </dl>
        <p className={`mt-4 text-xs leading-relaxed ${MUTED}`}>{t('migration:calculator.assumptions')}</p>
      </div>
    </div>
  );
}
