import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENTRIES } from '@/config/languages';
import { cn } from './ui/cn';

/** Native select of the nine languages with their flags: keyboard and screen-reader friendly by construction. */
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
          {l.flag} {l.name}
        </option>
      ))}
    </select>
  );
}
