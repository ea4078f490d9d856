import { LANGUAGE_ENTRIES } from '@/config/languages';

/** The nine languages as options of a select, each in its own name (with its `lang` for screen readers). */
export function LanguageOptions() {
  return (
    <>
      {LANGUAGE_ENTRIES.map((l) => (
        <option key={l.code} value={l.code} lang={l.code}>
          {l.name}
        </option>
      ))}
    </>
  );
}
