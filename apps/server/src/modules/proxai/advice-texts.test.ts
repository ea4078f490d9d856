import { LANGUAGES, type Language } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { ITEM_TEXTS, itemTexts, type ItemTexts } from './advice-texts';

type Entry = ItemTexts[keyof ItemTexts];

/** Every entry rendered with sample arguments, and the arguments each rendering must show. */
function render(tx: ItemTexts, n: number): Record<string, { text: string; args: string[] }> {
  const call = (fn: Entry, args: (string | number)[]) => ({
    text: typeof fn === 'function' ? (fn as (...a: (string | number)[]) => string)(...args) : fn,
    args: args.map(String),
  });
  const out: Record<string, { text: string; args: string[] }> = {};
  const samples: Record<string, (string | number)[]> = {
    hostOffline: ['pve1'],
    memory: ['pve1', 87],
    memoryDetail: ['13.6 GiB', '16 GiB'],
    rootfs: ['pve1', 91],
    storage: ['local-lvm', 'pve1', 95],
    diskDetail: ['950 GiB', '1000 GiB'],
    stopped: [n],
    noBackup: [n],
    updates: ['pve1', n],
    oldPve: ['pve1', '7.4-16'],
    olderPve: ['pve1', '8.1.4'],
    andMore: [n],
    overPlanGuests: [n + 10, 10, 'Free'],
    overPlanHosts: [n + 1, 1, 'Free'],
  };
  for (const [key, value] of Object.entries(tx) as [keyof ItemTexts, Entry][]) {
    if (typeof value === 'function') {
      expect(samples[key], `no sample arguments for ${key}`).toBeDefined();
      expect(value.length, `${key} arity`).toBe(samples[key]!.length);
      out[key] = call(value, samples[key]!);
    } else out[key] = call(value, []);
  }
  return out;
}

const COUNTS = [1, 2, 3, 7, 11, 25, 103];

describe('advice item texts', () => {
  it('covers the nine languages', () => {
    expect(Object.keys(ITEM_TEXTS).sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(LANGUAGES as readonly Language[])('%s', (lang) => {
    const tx = itemTexts(lang);

    it('is the table of that language, with every English key and the same kind of value', () => {
      expect(tx).toBe(ITEM_TEXTS[lang]);
      expect(Object.keys(tx).sort()).toEqual(Object.keys(ITEM_TEXTS.en).sort());
      for (const key of Object.keys(ITEM_TEXTS.en) as (keyof ItemTexts)[])
        expect(typeof tx[key], `${lang}.${key}`).toBe(typeof ITEM_TEXTS.en[key]);
    });

    it.each(COUNTS)('every text is non-empty and shows its arguments (n = %i)', (n) => {
      for (const [key, { text, args }] of Object.entries(render(tx, n))) {
        expect(text.trim().length, `${lang}.${key}`).toBeGreaterThan(0);
        expect(text, `${lang}.${key}`).not.toMatch(/undefined|NaN|\$\{/);
        for (const a of args) expect(text, `${lang}.${key} shows ${a}`).toContain(a);
      }
    });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s differs from English in every entry', (lang) => {
    for (const n of COUNTS) {
      const en = render(ITEM_TEXTS.en, n);
      for (const [key, { text }] of Object.entries(render(itemTexts(lang), n)))
        expect(text, `${lang}.${key}`).not.toBe(en[key]!.text);
    }
  });

  it('uses the singular for one and the plural otherwise', () => {
    expect(itemTexts('en').stopped(1)).toBe('1 stopped guest');
    expect(itemTexts('en').stopped(2)).toBe('2 stopped guests');
    expect(itemTexts('fr').stopped(2)).toBe('2 invités arrêtés');
    expect(itemTexts('es').stopped(1)).toBe('1 invitado detenido');
    expect(itemTexts('es').stopped(4)).toBe('4 invitados detenidos');
    expect(itemTexts('it').stopped(1)).toBe('1 guest fermo');
    expect(itemTexts('it').stopped(4)).toBe('4 guest fermi');
    expect(itemTexts('de').stopped(1)).toBe('1 gestoppter Gast');
    expect(itemTexts('de').stopped(4)).toBe('4 gestoppte Gäste');
    expect(itemTexts('de').noBackup(1)).toMatch(/^1 Gast /);
    expect(itemTexts('de').updates('pve1', 1)).toBe('1 ausstehendes Paket-Update auf pve1');
    expect(itemTexts('de').updates('pve1', 5)).toBe('5 ausstehende Paket-Updates auf pve1');
    expect(itemTexts('pt').stopped(1)).toBe('1 convidado parado');
    expect(itemTexts('pt').updates('pve1', 2)).toBe('2 atualizações de pacotes pendentes em pve1');
    expect(itemTexts('es').updates('pve1', 1)).toBe('1 actualización de paquete pendiente en pve1');
    expect(itemTexts('it').updates('pve1', 2)).toBe('2 aggiornamenti di pacchetti in sospeso su pve1');
    // Arabic: the plural noun after 3 to 10, the singular after 1, 2 and 11 or more.
    expect(itemTexts('ar').stopped(3)).toBe('3 أجهزة ضيفة متوقفة');
    expect(itemTexts('ar').stopped(11)).toBe('11 جهاز ضيف متوقف');
  });

  it('writes the end-of-life date and percentages the way each language does', () => {
    const dates: Record<Language, string> = {
      en: '31 July 2024',
      fr: '31 juillet 2024',
      es: '31 de julio de 2024',
      it: '31 luglio 2024',
      de: '31. Juli 2024',
      pt: '31 de julho de 2024',
      zh: '2024年7月31日',
      ja: '2024年7月31日',
      ar: '31 يوليو 2024',
    };
    for (const lang of LANGUAGES) expect(itemTexts(lang).oldPveDetail, lang).toContain(dates[lang]);
    expect(itemTexts('fr').rootfs('pve1', 91)).toContain('91 %');
    expect(itemTexts('de').rootfs('pve1', 91)).toContain('91 %');
    for (const lang of ['en', 'es', 'it', 'pt', 'zh', 'ja', 'ar'] as const)
      expect(itemTexts(lang).rootfs('pve1', 91), lang).toContain('91%');
  });

  it('keeps product and command names untranslated', () => {
    for (const lang of LANGUAGES) {
      const tx = itemTexts(lang);
      expect(tx.hostOfflineAction, lang).toContain('8006');
      expect(tx.noBackupAction, lang).toContain('vzdump');
      expect(tx.updatesAction, lang).toContain('apt dist-upgrade');
      expect(tx.oldPveAction, lang).toContain('pve7to8');
      expect(tx.oldPveAction, lang).toContain('Proxmox VE 8');
      expect(tx.olderPveAction, lang).toContain('8.x');
      expect(tx.diskAction, lang).toContain('ISO');
      expect(tx.memoryAction, lang).toContain('RAM');
    }
  });
});
