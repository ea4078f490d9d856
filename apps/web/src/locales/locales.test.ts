// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/config/languages';

// Every namespace file must exist in the nine languages with exactly the same keys (deep, arrays by
// index) and no empty string: a missing key would silently show French, an empty one would show nothing.
const LOCALES_DIR = path.resolve(import.meta.dirname);

function leafPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, `${prefix}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** Leaves that are not a non-empty string (empty, blank, number, boolean, null). */
function badLeaves(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => badLeaves(v, `${prefix}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => badLeaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return typeof value === 'string' && value.trim() !== '' ? [] : [prefix];
}

/** Leaf path → string value. */
function leaves(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${prefix}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === 'string') out.set(prefix, value);
  return out;
}

/**
 * A sentence left in English: three words or more ending with . ! or ? (names such as 'Proxmox Backup
 * Server', codes and units have no final punctuation, so they may stay the same in every language).
 */
const ENGLISH_SENTENCE = /\p{L}+\s+\p{L}+\s+\p{L}+.*[.!?]$/u;

function load(lng: string, ns: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8')) as unknown;
}

const namespaces = [
  ...new Set(
    LANGUAGES.flatMap((lng) =>
      fs.existsSync(path.join(LOCALES_DIR, lng))
        ? fs
            .readdirSync(path.join(LOCALES_DIR, lng))
            .filter((f) => f.endsWith('.json'))
            .map((f) => f.slice(0, -5))
        : [],
    ),
  ),
].sort();

describe('locale files', () => {
  it('has a folder per language and finds namespaces', () => {
    for (const lng of LANGUAGES) expect(fs.existsSync(path.join(LOCALES_DIR, lng)), lng).toBe(true);
    expect(namespaces).toContain('common');
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    it('exists in all nine languages with the same keys as French', () => {
      const reference = leafPaths(load('fr', ns)).sort();
      for (const lng of LANGUAGES) {
        const file = path.join(LOCALES_DIR, lng, `${ns}.json`);
        expect(fs.existsSync(file), `${lng}/${ns}.json is missing`).toBe(true);
        expect(leafPaths(load(lng, ns)).sort(), `${lng}/${ns}.json keys differ from fr`).toEqual(reference);
      }
    });

    it('has no sentence copied untranslated from the English file', () => {
      const english = leaves(load('en', ns));
      for (const lng of LANGUAGES.filter((l) => l !== 'en')) {
        const copied = [...leaves(load(lng, ns))]
          .filter(([key, value]) => english.get(key) === value && ENGLISH_SENTENCE.test(value))
          .map(([key]) => key);
        expect(copied, `${lng}/${ns}.json still has English sentences`).toEqual([]);
      }
    });

    it('has no empty string and only string leaves', () => {
      for (const lng of LANGUAGES) {
        expect(badLeaves(load(lng, ns)), `${lng}/${ns}.json has empty or non-string values`).toEqual([]);
      }
    });
  });
});
