/**
 * How a catalogue file (locales/<lng>/<namespace>.json) is read: the web's i18next v4 JSON. Nested objects make
 * dotted keys ('sync.guests'); a counted text is written as its six plural forms (`key_zero` … `key_other`) in
 * every language, as the web does, so that every language has the same keys; `{{name}}` marks a placeholder.
 */

/** The plural forms i18next reads, in the order the files list them. */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

/** A placeholder: `{{name}}`, nothing else (no spaces, no i18next formats). */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A catalogue's texts by dotted key (the leaves of the file), in the file's order. */
export function leaves(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree !== null && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [k, v] of Object.entries(tree)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, tree);
  return out;
}

/** An entry of a catalogue: one text, or the six plural forms of a counted text. */
export type Entry = string | Record<PluralForm, string>;

const SUFFIX = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);

/**
 * The entries of a catalogue by key, the plural forms of a counted text under their common key ('sync.guests'
 * for 'sync.guests_one', 'sync.guests_other' …). A key is counted when its `_other` form exists; a counted key
 * missing another form, or a leaf that is not a string, throws.
 */
export function entries(tree: unknown): Map<string, Entry> {
  const flat = leaves(tree);
  const out = new Map<string, Entry>();
  for (const [key, value] of flat) {
    if (typeof value !== 'string') throw new Error(`${key} is not a text`);
    const match = SUFFIX.exec(key);
    if (!match || !flat.has(`${match[1]}_other`)) {
      out.set(key, value);
      continue;
    }
    const base = match[1]!;
    if (out.has(base)) continue;
    const forms = {} as Record<PluralForm, string>;
    for (const form of PLURAL_FORMS) {
      const text = flat.get(`${base}_${form}`);
      if (typeof text !== 'string') throw new Error(`${base} is counted but has no ${form} form`);
      forms[form] = text;
    }
    out.set(base, forms);
  }
  return out;
}

/** The texts of an entry: its one text, or its six forms. */
export const textsOf = (entry: Entry): string[] => (typeof entry === 'string' ? [entry] : PLURAL_FORMS.map((f) => entry[f]));

/** The placeholder names of an entry (all its forms), sorted, without repeats. */
export const placeholders = (entry: Entry): string[] =>
  [...new Set(textsOf(entry).flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!)))].sort();
