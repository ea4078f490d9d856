import { LANGUAGES } from '@/config/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';

// locales.test.ts checks that hosts.json has the same keys in the nine languages. i18next picks a plural form
// by the language's rules (Intl.PluralRules); every file holds all six forms, so the keys stay the same, and
// each language's own forms say the right thing.
const bundles = import.meta.glob<Record<string, unknown>>('../../locales/*/hosts.json', { eager: true, import: 'default' });
const byLanguage = Object.fromEntries(Object.entries(bundles).map(([file, json]) => [/locales\/(\w+)\//.exec(file)![1]!, json]));

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
}

describe('hosts namespace', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadLanguages([...LANGUAGES]);
    await i18n.loadNamespaces('hosts');
  });
  afterAll(() => i18n.changeLanguage('fr'));

  it("has every plural form each language's rules use", () => {
    for (const lng of LANGUAGES) {
      const trial = (byLanguage[lng] as { trial: Record<string, string> }).trial;
      for (const form of new Intl.PluralRules(lng).resolvedOptions().pluralCategories) {
        const text = trial[`daysLeft_${form}`];
        expect(text, `${lng} daysLeft_${form}`).toBeTruthy();
        // Arabic may say "one day", "two days", "no day" in words; a larger number is always written.
        if (['few', 'many', 'other'].includes(form)) expect(text, `${lng} daysLeft_${form}`).toContain('{{count}}');
      }
    }
  });

  it('says the days left in each language with its plurals', () => {
    const daysLeft = (lng: string, count: number) => i18n.getFixedT(lng, 'hosts')('trial.daysLeft', { count });
    expect([daysLeft('en', 1), daysLeft('en', 3)]).toEqual(['Pro trial: 1 day left', 'Pro trial: 3 days left']);
    expect([daysLeft('fr', 1), daysLeft('fr', 2)]).toEqual([
      'Essai Pro\u00a0: 1 jour restant',
      'Essai Pro\u00a0: 2 jours restants',
    ]);
    expect([daysLeft('pt', 1), daysLeft('pt', 14)]).toEqual([
      'Período experimental Pro: resta 1 dia',
      'Período experimental Pro: restam 14 dias',
    ]);
    expect([daysLeft('de', 1), daysLeft('es', 1), daysLeft('it', 14)]).toEqual([
      'Pro-Testphase: noch 1 Tag',
      'Prueba de Pro: queda 1 día',
      'Prova Pro: restano 14 giorni',
    ]);
    expect(daysLeft('ja', 3)).toBe('プロプランのトライアル：残り 3 日');
    // Arabic: one, two, few (3–10), many (11–99).
    expect([1, 2, 3, 11].map((n) => daysLeft('ar', n))).toEqual([
      'الفترة التجريبية للخطة الاحترافية: يتبقى يوم واحد',
      'الفترة التجريبية للخطة الاحترافية: يتبقى يومان',
      'الفترة التجريبية للخطة الاحترافية: تتبقى 3 أيام',
      'الفترة التجريبية للخطة الاحترافية: يتبقى 11 يومًا',
    ]);
  });

  it('French: a no-break space before : ; ? and ! (interpolations aside)', () => {
    const fr = strings(byLanguage.fr).map((s) => s.replace(/\{\{[^}]*\}\}/g, 'x'));
    expect(fr.filter((s) => /(?:^|[^\u00a0\u202f])[:;?!]/.test(s))).toEqual([]);
    expect(fr.some((s) => s.includes('\u00a0:'))).toBe(true);
  });

  it('European Portuguese, not Brazilian', () => {
    const pt = strings(byLanguage.pt).join(' ');
    expect(pt).toContain('Utilizador');
    expect(pt).toContain('Palavra-passe');
    expect(pt).not.toMatch(/\b(Usuário|Senha|arquivo|tela)\b/i);
  });
});
