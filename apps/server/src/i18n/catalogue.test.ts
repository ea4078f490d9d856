import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { fill, template, translate } from './catalogue';
import { entries, leaves, placeholders, textsOf, type Entry } from './catalogue-shape';
import { message } from './messages';

// Every server namespace (locales/<lng>/<namespace>.json) exists in the nine languages with the same keys, and
// every translation uses the placeholders of the English text: a missing key would fall back to English, a
// misspelt placeholder would be left in the text as it is.

const LOCALES = fileURLToPath(new URL('../locales/', import.meta.url));
const load = (lng: string, ns: string): unknown => JSON.parse(readFileSync(`${LOCALES}${lng}/${ns}.json`, 'utf8'));
const namespaces = [...new Set(LANGUAGES.flatMap((lng) => readdirSync(`${LOCALES}${lng}`).filter((f) => f.endsWith('.json'))))]
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

describe('server catalogues', () => {
  it('has a folder per language and the namespaces of the server', () => {
    for (const lng of LANGUAGES) expect(existsSync(`${LOCALES}${lng}`), lng).toBe(true);
    expect(namespaces).toEqual(expect.arrayContaining(['advice', 'alert-lines', 'dashboard', 'hosts', 'mails', 'pbs']));
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    const english = entries(load('en', ns));

    it('has the same keys in the nine languages', () => {
      const keys = [...leaves(load('en', ns)).keys()].sort();
      for (const lng of LANGUAGES) {
        expect(existsSync(`${LOCALES}${lng}/${ns}.json`), `${lng}/${ns}.json is missing`).toBe(true);
        expect([...leaves(load(lng, ns)).keys()].sort(), `${lng}/${ns}.json keys differ from en`).toEqual(keys);
      }
    });

    it('holds non-empty texts with {{name}} placeholders only', () => {
      for (const lng of LANGUAGES)
        for (const [key, value] of leaves(load(lng, ns))) {
          expect(typeof value, `${lng}:${ns}.${key}`).toBe('string');
          const text = value as string;
          expect(text.trim(), `${lng}:${ns}.${key}`).not.toBe('');
          // No stray brace, no i18next format ({{value, number}}), no template-literal or nesting leftover.
          expect(text.replace(/\{\{\w+\}\}/g, ''), `${lng}:${ns}.${key}`).not.toMatch(/[{}]|\$t\(/);
        }
    });

    it('uses in every translation the placeholders of the English text', () => {
      for (const lng of LANGUAGES) {
        const translated = entries(load(lng, ns));
        for (const [key, entry] of english) {
          const own = translated.get(key) as Entry;
          expect(typeof own, `${lng}:${ns}.${key} is counted as in English`).toBe(typeof entry);
          expect(placeholders(own), `placeholders of ${lng}:${ns}.${key}`).toEqual(placeholders(entry));
          // A plural form may say the number in words ('جهاز ضيف واحد'), never drop another placeholder.
          const needed = placeholders(entry).filter((name) => name !== 'count');
          for (const text of textsOf(own))
            for (const name of needed) expect(text, `${lng}:${ns}.${key} shows {{${name}}}`).toContain(`{{${name}}}`);
        }
      }
    });

    it('counts with {{count}}', () => {
      for (const [key, entry] of english)
        if (typeof entry !== 'string') expect(placeholders(entry), `en:${ns}.${key}`).toContain('count');
    });
  });
});

describe('reading the catalogues', () => {
  it('picks the plural form of count by the language, and _zero for 0', () => {
    const guests = (lng: (typeof LANGUAGES)[number], count: number) => translate(lng, 'dashboard', 'sync.guests', { count });
    expect(guests('en', 0)).toBe('0 guests');
    expect(guests('en', 1)).toBe('1 guest');
    expect(guests('fr', 0)).toBe('0 invité');
    expect(guests('fr', 2)).toBe('2 invités');
    // European Portuguese: the plural for 0 and for fractions, unlike Brazilian Portuguese.
    expect(guests('pt', 0)).toBe('0 convidados');
    expect(guests('pt', 1.5)).toBe('1.5 convidados');
    expect(guests('pt', 1)).toBe('1 convidado');
    expect(guests('ar', 0)).toBe('0 جهاز ضيف');
    expect(guests('ar', 2)).toBe('جهازان ضيفان');
    expect(guests('ar', 3)).toBe('3 أجهزة ضيفة');
    expect(guests('ar', 11)).toBe('11 جهازًا ضيفًا');
    expect(guests('ja', 1)).toBe('ゲスト 1 台');
  });

  it('fills every placeholder in one pass: a value is never read for placeholders', () => {
    expect(message('en', 'host.unknownNode', { node: '{{url}}', url: 'https://10.0.0.5:8006', nodes: '$& {{nodes}}' })).toBe(
      "Unknown node '{{url}}' on https://10.0.0.5:8006; nodes of this host: $& {{nodes}}",
    );
    expect(fill('{{a}} and {{b}}', { a: '{{b}}' })).toBe('{{b}} and {{b}}');
    expect(fill('{{a}}!', { a: '<x>' }, (v) => `[${v}]`)).toBe('[<x>]!');
  });

  it('gives the raw text for callers that fill it themselves (mails)', () => {
    expect(template('en', 'mails', 'invite.subject')).toBe('Invitation to join {{organisation}} on ProxAI');
    expect(template('fr', 'mails', 'stepUp.labelled')).toBe('{{label}}\u00a0:');
  });
});
