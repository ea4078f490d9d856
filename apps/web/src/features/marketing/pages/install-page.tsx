import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, FileDown, Plug } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { PageHero, tList, type TitledText } from '@/features/marketing/content/blocks';
import { CommandBlock } from '@/features/marketing/content/command-block';
import { guideUrl, INSTALL_COMMANDS } from '@/features/marketing/content/install-commands';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`step-${number}`} className="relative border-s-2 border-brand-600 ps-8 pb-12">
      <span
        aria-hidden="true"
        className="absolute -start-4 top-0 flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
      >
        {number}
      </span>
      <h2 id={`step-${number}`} className="text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-3 space-y-4 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

function DefinitionList({ items, mono = false }: { items: TitledText[]; mono?: boolean }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.title} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <dt className={cn('text-sm font-semibold text-slate-900 dark:text-white', mono && 'font-mono')}>{item.title}</dt>
          <dd className="mt-1 text-sm">{item.text}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InstallPage() {
  const { t, i18n } = useTranslation('install');
  const copy = { copyLabel: t('copy'), copiedLabel: t('copied') };
  return (
    <PublicLayout backLink>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <a
          href={guideUrl('install', i18n.resolvedLanguage)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('primary', 'lg')}
          data-testid="install-guide-link"
        >
          <FileDown className="h-5 w-5" aria-hidden="true" />
          {t('guide.button')}
        </a>
      </PageHero>

      <div className="mx-auto max-w-4xl px-6 py-14">
        <section aria-labelledby="prerequisites" className="mb-12 rounded-xl bg-slate-50 p-6 dark:bg-slate-900">
          <h2 id="prerequisites" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('prerequisites.title')}
          </h2>
          <ul className="mt-3 list-disc space-y-1 ps-5 text-slate-700 dark:text-slate-300">
            {tList(t, 'prerequisites.items').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>

        <Step number={1} title={t('step1.title')}>
          <p>{t('step1.intro')}</p>
          <p>{t('step1.role')}</p>
          <CommandBlock command={INSTALL_COMMANDS.role} {...copy} />
          <DefinitionList items={tList<TitledText>(t, 'step1.privileges')} mono />
          <p>{t('step1.user')}</p>
          <CommandBlock command={INSTALL_COMMANDS.user} {...copy} />
          <p>{t('step1.token')}</p>
          <CommandBlock command={INSTALL_COMMANDS.token} {...copy} />
          <p
            role="note"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
          >
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{t('step1.secret')}</span>
          </p>
          <p>{t('step1.tokenAcl')}</p>
          <CommandBlock command={INSTALL_COMMANDS.tokenAcl} {...copy} />
          <p>{t('step1.backup')}</p>
          <CommandBlock command={INSTALL_COMMANDS.backup} {...copy} />
          <p>{t('step1.fingerprint')}</p>
          <CommandBlock command={INSTALL_COMMANDS.fingerprint} {...copy} />
        </Step>

        <Step number={2} title={t('step2.title')}>
          <p>{t('step2.intro')}</p>
          <DefinitionList items={tList<TitledText>(t, 'step2.fields')} />
          <p>{t('step2.password')}</p>
          <Link to="/dashboard" className={buttonClasses('outline')}>
            {t('step2.open')}
          </Link>
        </Step>

        <Step number={3} title={t('step3.title')}>
          <p>{t('step3.intro')}</p>
          <h3 className="font-semibold text-slate-900 dark:text-white">{t('step3.errorsTitle')}</h3>
          <DefinitionList items={tList<TitledText>(t, 'step3.errors')} />
        </Step>

        <section
          aria-labelledby="connector"
          className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700"
        >
          <h2 id="connector" className="flex items-center gap-2 text-xl font-bold text-slate-900 dark:text-white">
            <Plug className="h-5 w-5 text-brand-600" aria-hidden="true" />
            {t('connector.title')}
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">
              {t('connector.badge')}
            </span>
          </h2>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{t('connector.text')}</p>
          <ul className="mt-3 list-disc space-y-1 ps-5 text-slate-700 dark:text-slate-300">
            {tList(t, 'connector.advice').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="guide" className="mt-12 text-center">
          <h2 id="guide" className="text-xl font-bold text-slate-900 dark:text-white">
            {t('guide.title')}
          </h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('guide.text')}</p>
          <a
            href={guideUrl('install', i18n.resolvedLanguage)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'md', 'mt-4')}
          >
            <FileDown className="h-4 w-4" aria-hidden="true" />
            {t('guide.button')}
          </a>
        </section>
      </div>
    </PublicLayout>
  );
}
