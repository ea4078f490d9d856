import { LANGUAGES, type Language } from '@proxai/contract';
import i18next from 'i18next';
import type { CatalogueParams } from './catalogue-params';
import { entries, PLACEHOLDER, PLURAL_FORMS, type Entry } from './catalogue-shape';
import { NAMESPACES, RESOURCES, type Namespace } from './resources';
import type { Text } from './text';

/**
 * The server's texts (answers, mails, notifications, advice) in the nine languages of the UI: i18next JSON
 * catalogues in apps/server/src/locales/<lng>/<namespace>.json, the format of the web's (ADR 018). They are
 * bundled into the server (resources.ts imports them) and read by one i18next instance.
 *
 * A counted text has its six plural forms in every language; i18next picks the form of `count` from the
 * language's CLDR rules, and `_zero` whenever `count` is 0 (so the `_zero` form holds what 0 takes in that
 * language: the singular in French, the plural in English or in European Portuguese, which the copy is written in).
 */

/** What a request without a known language, and anything stored, is written in. */
export const FALLBACK_LANGUAGE: Language = 'en';

export type { Namespace };
/** The keys of a namespace (a counted text under one key for its plural forms). */
export type CatalogueKey<N extends Namespace> = keyof CatalogueParams[N] & string;
/** The placeholder names of a key, read from its English text (all forms). */
export type ParamName<N extends Namespace, K extends CatalogueKey<N>> = Extract<CatalogueParams[N][K], string>;
/** The values a key needs: none, or one per placeholder. */
export type Values<N extends Namespace, K extends CatalogueKey<N>> = [ParamName<N, K>] extends [never]
  ? []
  : [values: Record<ParamName<N, K>, string | number>];

/**
 * The locale whose plural rules a language's copy follows: the Portuguese copy is European Portuguese, where only 1
 * takes the singular (Brazilian Portuguese's rules give it to 0 and 1.5 as well).
 */
const locale = (language: Language): string => (language === 'pt' ? 'pt-PT' : language);

const i18n = i18next.createInstance();
// Resources given inline and initAsync off: the instance is ready when init returns, before any text is asked.
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [locale(language), RESOURCES[language]])),
  ns: [...NAMESPACES],
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  initAsync: false,
  keySeparator: '.',
  nsSeparator: ':',
  showSupportNotice: false,
});

/**
 * The text of `key` in `language`, in its plural form for `count` when given, its `{{name}}` placeholders left as
 * they are (i18next neither interpolates nor nests: see `fill`).
 */
export function template<N extends Namespace>(language: Language, ns: N, key: CatalogueKey<N>, count?: number): string {
  return i18n.t(key, { lng: locale(language), ns, ...(count === undefined ? {} : { count }), skipInterpolation: true });
}

/**
 * `text` with its `{{name}}` placeholders filled from `values` in one pass, each value written by `put` (a mail's
 * HTML marks them up); a placeholder without a value stays as it is. i18next's own interpolation is not used: it
 * fills a placeholder by replacing the first occurrence of its text, so a value holding another placeholder (a node
 * typed as '{{url}}') would receive that placeholder's value, and the real one stay unfilled.
 */
export function fill(
  text: string,
  values: Readonly<Record<string, string | number>>,
  put: (value: string) => string = (value) => value,
): string {
  return text.replace(PLACEHOLDER, (slot, name: string) => (Object.hasOwn(values, name) ? put(String(values[name])) : slot));
}

/** `translate` for a key whose values the caller has checked (messages.ts). */
export function lookup(
  language: Language,
  ns: Namespace,
  key: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  // Without a count (NaN), a counted text takes its `other` form; a text that is not counted is found under its key.
  return fill(template(language, ns, key as CatalogueKey<Namespace>, Number(values.count)), values);
}

/** Text `key` of namespace `ns` in `language`: the plural form of `values.count`, the placeholders filled in. */
export function translate<N extends Namespace, K extends CatalogueKey<N>>(
  language: Language,
  ns: N,
  key: K,
  ...[values]: Values<N, K>
): string {
  return lookup(language, ns, key, values);
}

/** The keys of a namespace, in the order of the English file. */
export function keysOf(ns: Namespace): string[] {
  return [...entries(RESOURCES[FALLBACK_LANGUAGE][ns]).keys()];
}

const singleBraces = (text: string) => text.replace(PLACEHOLDER, '{$1}');
const asText = (entry: Entry): Text =>
  typeof entry === 'string'
    ? singleBraces(entry)
    : (Object.fromEntries(PLURAL_FORMS.map((form) => [form, singleBraces(entry[form])])) as Text);

/**
 * A namespace as a table, key → language → text or plural forms, placeholders written `{name}`: the shape the
 * server's texts had as TypeScript tables, which the tests comparing them with the web's catalogues read.
 */
export function table<N extends Namespace>(ns: N): Record<CatalogueKey<N>, Record<Language, Text>> {
  const out: Record<string, Record<string, Text>> = {};
  for (const language of LANGUAGES)
    for (const [key, entry] of entries(RESOURCES[language][ns])) (out[key] ??= {})[language] = asText(entry);
  return out;
}
