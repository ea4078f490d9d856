// @vitest-environment node
import { describe, expect, it } from 'vitest';

const bundles = import.meta.glob<Record<string, unknown>>('../../locales/*/licenses.json', { eager: true, import: 'default' });

function flatten(value: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([k, v]) =>
      v && typeof v === 'object'
        ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`))
        : [[`${prefix}${k}`, String(v)]],
    ),
  );
}

const byLanguage = Object.fromEntries(
  Object.entries(bundles).map(([file, json]) => [/locales\/(\w+)\//.exec(file)![1]!, flatten(json)]),
);

describe('licenses namespace', () => {
  it('exists in the nine languages with the same keys and no empty string', () => {
    expect(Object.keys(byLanguage).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'pt', 'zh']);
    const keys = Object.keys(byLanguage.fr!).sort();
    for (const [lng, strings] of Object.entries(byLanguage)) {
      expect(Object.keys(strings).sort(), lng).toEqual(keys);
      for (const [k, v] of Object.entries(strings)) expect(v.trim(), `${lng}:${k}`).not.toBe('');
    }
  });

  it('keeps the French strings SPEC.md quotes', () => {
    const fr = byLanguage.fr!;
    expect(fr.loading).toBe('Chargement des licences...');
    expect(fr['empty.title']).toBe('Aucune licence');
    expect(fr['generate.open']).toBe('Générer une Licence');
    expect(fr['generate.durationHint']).toBe('365 jours = 1 an');
    expect(fr['revoke.confirm']).toBe('Êtes-vous sûr de vouloir révoquer cette licence?');
    expect(fr['revoke.prompt']).toBe('Raison de la révocation:');
    expect(fr['revoke.success']).toBe('Licence révoquée avec succès');
    expect(fr['revoke.error']).toBe('Erreur lors de la révocation');
    expect(fr['generate.success']).toBe('Licence générée avec succès!');
    expect(fr['generate.error']).toBe('Erreur lors de la génération de la licence');
  });

  it('is translated, not copied from English, in every other language', () => {
    for (const lng of ['es', 'it', 'de', 'pt', 'zh', 'ja', 'ar']) {
      expect(byLanguage[lng]!.title, lng).not.toBe(byLanguage.en!.title);
      expect(byLanguage[lng]!['revoke.confirm'], lng).not.toBe(byLanguage.en!['revoke.confirm']);
    }
  });
});
