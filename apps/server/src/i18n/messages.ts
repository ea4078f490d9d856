import { isLanguage, type Language } from '@proxai/contract';
import { FALLBACK_LANGUAGE, keysOf, lookup, table, type Namespace } from './catalogue';
import type { CatalogueParams } from './catalogue-params';
import type { Text } from './text';

/**
 * Texts the server writes for the dashboard (toasts, the add-host dialog, refusals, notifications) in the nine
 * languages of the UI. The texts are in the catalogues locales/<lng>/<namespace>.json of the namespaces below
 * (catalogue.ts, ADR 018); a key is in one of them only, so message() is given the key alone.
 *
 * A text has `{{name}}` placeholders; a counted text has its plural forms (`_zero`, `_one`, `_two`, `_few`, `_many`,
 * `_other`), chosen by its `count` value. Placeholder names come from the English text: every language uses the
 * same ones (catalogue.test.ts checks it). French follows French typography: a no-break space (\u00a0) before
 * : ; ? ! and inside « ». Arabic texts mark direction (\u200e, \u200f) where a Latin word next to punctuation would
 * otherwise be displayed out of place.
 *
 * English is the fallback: a request without a language we know, and every text that is stored rather than
 * answered (a host's last_error, audit and task details, background sync), is in English. Notifications are
 * written when sent, in their channel's language.
 */

export { FALLBACK_LANGUAGE };

/** The namespaces of message(): dashboard, host, snapshot, automation, task, alert-line, notification and team texts. */
const MESSAGE_NAMESPACES = [
  'dashboard',
  'hosts',
  'snapshots',
  'automation',
  'tasks',
  'alert-lines',
  'notifications',
  'teams',
] as const satisfies readonly Namespace[];

type MessageParams = CatalogueParams['dashboard'] &
  CatalogueParams['hosts'] &
  CatalogueParams['snapshots'] &
  CatalogueParams['automation'] &
  CatalogueParams['tasks'] &
  CatalogueParams['alert-lines'] &
  CatalogueParams['notifications'] &
  CatalogueParams['teams'];

export type MessageKey = keyof MessageParams;

/** The parameter names of a message, read from its English text (all forms). */
export type MessageParamName<K extends MessageKey> = Extract<MessageParams[K], string>;
type ParamArgs<K extends MessageKey> = [MessageParamName<K>] extends [never]
  ? []
  : [params: Record<MessageParamName<K>, string | number>];

/** The namespace of each key. */
const NAMESPACE_OF = new Map<string, Namespace>();
for (const ns of MESSAGE_NAMESPACES)
  for (const key of keysOf(ns)) {
    const other = NAMESPACE_OF.get(key);
    if (other) throw new Error(`Message key ${key} is in both ${other} and ${ns}`);
    NAMESPACE_OF.set(key, ns);
  }

/** Every text, by key and language, `{name}` placeholders (catalogue.ts `table`). */
export const MESSAGES = Object.fromEntries(MESSAGE_NAMESPACES.flatMap((ns) => Object.entries(table(ns)))) as Record<
  MessageKey,
  Record<Language, Text>
>;

/** Message `key` in `language`, its `{{name}}` placeholders filled in. */
export function message<K extends MessageKey>(language: Language, key: K, ...[params]: ParamArgs<K>): string {
  return lookup(language, NAMESPACE_OF.get(key)!, key, params);
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
