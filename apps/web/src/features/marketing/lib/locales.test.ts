// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@proxai/contract/languages';

// The public site's namespaces: every key in every language, no empty string, the same {{variables}}.
const NAMESPACES = ['marketing', 'pricing', 'marketplace', 'migration', 'contact'] as const;
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { eager: true, import: 'default' });

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  return out;
}
const variables = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('locales of %s', (ns) => {
  const load = (lng: string) => {
    const file = files[`../../../locales/${lng}/${ns}.json`];
    if (!file) throw new Error(`${lng}/${ns}.json is missing`);
    return flatten(file);
  };
  const french = load('fr');

  it.each(LANGUAGES.filter((l) => l !== 'fr'))('%s has the keys and variables of French', (lng) => {
    const other = load(lng);
    expect(Object.keys(other).sort()).toEqual(Object.keys(french).sort());
    for (const [key, text] of Object.entries(other)) {
      expect(text.trim(), `${lng}:${ns}.${key}`).not.toBe('');
      expect(variables(text), `${lng}:${ns}.${key}`).toEqual(variables(french[key] ?? ''));
    }
  });

  it('is translated: most strings differ from French', () => {
    for (const lng of LANGUAGES.filter((l) => l !== 'fr' && l !== 'en')) {
      const other = load(lng);
      const same = Object.keys(french).filter((k) => other[k] === french[k] && other[k] === load('en')[k]);
      // Product names (Prometheus Exporter, Pro, Webhooks…) may stay identical; whole sections may not.
      expect(same.length / Object.keys(french).length, `${lng}:${ns} untranslated: ${same.join(', ')}`).toBeLessThan(0.1);
    }
  });
});
