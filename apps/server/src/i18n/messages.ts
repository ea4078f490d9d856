import { isLanguage, type Language } from '@proxai/contract';
import { ALERT_LINE_TEXTS } from './alert-line-texts';
import { AUTOMATION_TEXTS } from './automation-texts';
import { DASHBOARD_TEXTS } from './dashboard-texts';
import { HOST_TEXTS } from './host-texts';
import { NOTIFICATION_TEXTS } from './notification-texts';
import { SNAPSHOT_TEXTS } from './snapshot-texts';
import { TASK_TEXTS } from './task-texts';
import { TEAM_TEXTS } from './team-texts';
import type { Text } from './text';

/**
 * Texts the server writes for the dashboard (toasts, the add-host dialog) in the nine languages of the UI.
 *
 * A text has `{name}` parameters; a counted text gives its CLDR plural forms (`one`, `two`, `few`, `many`,
 * `other`), chosen by its `{count}` parameter, `other` being used for any form a language does not list.
 * Parameter names come from the English text: every language uses the same ones (messages.test.ts checks it).
 * French follows French typography: a no-break space (\u00a0) before : ; ? ! and inside « ». Arabic texts mark
 * direction (\u200e, \u200f) where a Latin word next to punctuation would otherwise be displayed out of place.
 *
 * English is the fallback: a request without a language we know, and every text that is stored rather than
 * answered (a host's last_error, audit and task details, background sync), is in English. Notifications are
 * written when sent, in their channel's language (notification-texts.ts).
 */

/** What a request without a known language, and anything stored, is written in. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Every text, by key (the catalogue is split by area: dashboard-texts.ts, host-texts.ts). */
export const MESSAGES = {
  ...DASHBOARD_TEXTS,
  ...HOST_TEXTS,
  ...SNAPSHOT_TEXTS,
  ...AUTOMATION_TEXTS,
  ...TASK_TEXTS,
  ...ALERT_LINE_TEXTS,
  ...NOTIFICATION_TEXTS,
  ...TEAM_TEXTS,
};

export type MessageKey = keyof typeof MESSAGES;

type Placeholders<S> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;
type FormsOf<T> = T extends string ? T : T[keyof T];
/** The parameter names of a message, read from its English text (all forms). */
export type MessageParamName<K extends MessageKey> = Placeholders<FormsOf<(typeof MESSAGES)[K]['en']>>;
type ParamArgs<K extends MessageKey> = [MessageParamName<K>] extends [never]
  ? []
  : [params: Record<MessageParamName<K>, string | number>];

/** Portuguese copy is European Portuguese (0 takes the plural there, unlike in Brazil). */
const PLURAL_LOCALE: Partial<Record<Language, string>> = { pt: 'pt-PT' };
const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralForm(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(PLURAL_LOCALE[language] ?? language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** Message `key` in `language`, its `{name}` parameters filled in. */
export function message<K extends MessageKey>(language: Language, key: K, ...[params]: ParamArgs<K>): string {
  const values: Record<string, string | number> = params ?? {};
  const entry: Text = MESSAGES[key][language] ?? MESSAGES[key][FALLBACK_LANGUAGE];
  const text = typeof entry === 'string' ? entry : (entry[pluralForm(language, Number(values.count))] ?? entry.other);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The language of an Accept-Language header: the first of its languages that the UI has ('fr-FR' is 'fr'),
 * skipping those marked q=0; undefined when none is one of ours or there is no header.
 */
export function headerLanguage(header: string | string[] | undefined): Language | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',', 32)) {
    const [tag = '', ...weights] = part.split(';');
    if (weights.some((w) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(w))) continue;
    const primary = tag.trim().split('-')[0]!.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** The language the server writes its messages in: the header's (headerLanguage), else English. */
export function acceptedLanguage(header: string | string[] | undefined): Language {
  return headerLanguage(header) ?? FALLBACK_LANGUAGE;
}
