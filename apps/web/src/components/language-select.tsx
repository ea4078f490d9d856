import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENTRIES } from '@/config/languages';
import { cn } from './ui/cn';

/**
 * Native select of the nine languages, each in its own name: keyboard and screen-reader friendly by
 * construction. No flags in the options: a flag names a country, not a language; Windows draws flag emoji as
 * two letters and systems without a colour-emoji font as empty boxes; and looking for a font that has them
 * made the first layout of every page 15–30 ms slower there (bench/dashboard-render).
 */
export function LanguageSelect({
  className,
  languages = LANGUAGE_ENTRIES,
}: {
  className?: string;
  languages?: typeof LANGUAGE_ENTRIES;
}) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? 'fr';
  return (
    <select
      aria-label={t('language.label')}
      value={current}
      onChange={(e) => void i18n.changeLanguage(e.target.value)}
      className={cn(
        'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
        className,
      )}
      data-testid="language-select"
    >
      {languages.map((l) => (
        <option key={l.code} value={l.code}>
          {l.name}
        </option>
      ))}
    </select>
  );
}
