import { useTranslation } from 'react-i18next';
import { cn } from './ui/cn';

/**
 * The language a one-click toggle switches to: French ⇄ English (SPEC.md §2, dashboard header).
 *
 * From any other language (es, it, de, pt, zh, ja, ar) it goes to English, so the button reads 'EN'
 * everywhere except on an English page. English is the likelier second language of someone who chose a
 * third one, and the rule is easy to predict: the code on the button is always the language you get.
 * French stays one click away on the English page, and every language stays in the selector beside it.
 */
export function toggleTarget(current: string | undefined): 'fr' | 'en' {
  return current === 'en' ? 'fr' : 'en';
}

/** One-click FR/EN switch showing the other language's code; a native button, so keyboard-accessible. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const target = toggleTarget(i18n.resolvedLanguage);
  const label = target === 'en' ? t('language.toEnglish') : t('language.toFrench');
  return (
    <button
      type="button"
      onClick={() => void i18n.changeLanguage(target)}
      aria-label={label}
      title={label}
      data-testid="language-toggle"
      className={cn(
        'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-slate-300 px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-500 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
        className,
      )}
    >
      <span aria-hidden="true" lang={target}>
        {target.toUpperCase()}
      </span>
    </button>
  );
}
