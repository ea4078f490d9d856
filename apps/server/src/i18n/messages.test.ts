import { LANGUAGES, type Language } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { syncMessage } from '../modules/hosts/host-sync';
import { acceptedLanguage, FALLBACK_LANGUAGE, message, MESSAGES, type MessageKey } from './messages';

type Entry = string | Record<string, string>;
const KEYS = Object.keys(MESSAGES) as MessageKey[];
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

const forms = (entry: Entry): string[] => (typeof entry === 'string' ? [entry] : Object.values(entry));
const params = (entry: Entry): string[] =>
  [...new Set(forms(entry).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
const entryOf = (key: MessageKey, lang: Language) => (MESSAGES[key] as Record<string, Entry>)[lang]!;

describe('server message catalogue', () => {
  it.each(KEYS)('%s exists in the nine languages, non-empty, with the parameters of the English text', (key) => {
    expect(Object.keys(MESSAGES[key]).sort()).toEqual([...LANGUAGES].sort());
    const english = params(entryOf(key, 'en'));
    for (const lang of LANGUAGES) {
      const entry = entryOf(key, lang);
      for (const text of forms(entry)) {
        expect(text.length, `${key}.${lang}`).toBeGreaterThan(0);
        // Only {name} placeholders: no stray brace, no template-literal leftover.
        expect(text.replace(/\{\w+\}/g, ''), `${key}.${lang}`).not.toMatch(/[{}]|\$\{/);
      }
      expect(params(entry), `parameters of ${key}.${lang}`).toEqual(english);
      if (typeof entry !== 'string') {
        expect(entry.other, `${key}.${lang} has an 'other' form`).toBeTruthy();
        for (const form of Object.keys(entry)) expect(PLURAL_FORMS, `${key}.${lang}.${form}`).toContain(form);
        expect(english, `${key} is counted, so it has {count}`).toContain('count');
      }
    }
  });

  it('French texts follow French typography: a no-break space before : ; ? ! and inside « »', () => {
    for (const key of KEYS) {
      // The IPv6 unspecified address '::' is a literal, not punctuation.
      for (const text of forms(entryOf(key, 'fr')).map((t) => t.replace(/(?<=[\s(])::(?=[\s)]|$)/g, ''))) {
        expect(text, `fr ${key}`).not.toMatch(/[^\u00a0\u202f][:;?!»]/);
        expect(text, `fr ${key}`).not.toMatch(/«[^\u00a0\u202f]/);
        expect(text, `fr ${key}`).not.toMatch(/ [:;?!]/);
      }
    }
  });

  it('fills in parameters and picks the plural form of {count}', () => {
    expect(message('en', 'guest.alreadyRunning', { guest: 'VM 101 (web)' })).toBe('VM 101 (web) is already running');
    expect(message('fr', 'guest.alreadyRunning', { guest: 'VM 101 (web)' })).toBe("VM 101 (web) est déjà en cours d'exécution");
    expect(message('en', 'sync.guests', { count: 1 })).toBe('1 guest');
    expect(message('en', 'sync.guests', { count: 0 })).toBe('0 guests');
    expect(message('fr', 'sync.guests', { count: 0 })).toBe('0 invité');
    expect(message('fr', 'sync.guests', { count: 12 })).toBe('12 invités');
    expect(message('pt', 'sync.guests', { count: 0 })).toBe('0 convidados');
    expect(message('ar', 'sync.guests', { count: 1 })).toBe('جهاز ضيف واحد');
    expect(message('ar', 'sync.guests', { count: 2 })).toBe('جهازان ضيفان');
    expect(message('ar', 'sync.guests', { count: 5 })).toBe('5 أجهزة ضيفة');
    expect(message('ar', 'sync.guests', { count: 11 })).toBe('11 جهازًا ضيفًا');
    expect(message('ar', 'sync.guests', { count: 100 })).toBe('100 جهاز ضيف');
    expect(message('zh', 'sync.guests', { count: 3 })).toBe('3 个虚拟机/容器');
    expect(message('en', 'host.permissionDenied')).toBe('permission denied');
  });

  it('keeps the English texts the API answered before (clients and tests match them)', () => {
    const url = 'https://10.0.0.5:8006';
    expect(message('en', 'plan.limitHosts', { plan: 'Free', count: 1 })).toBe(
      'Your Free plan allows 1 host; remove a host or upgrade your licence to add another',
    );
    expect(message('en', 'plan.limitGuests', { plan: 'Pro', count: 50, incoming: 12, existing: 45 })).toBe(
      'Your Pro plan allows 50 guests; this host has 12 and you already have 45. Upgrade your licence to add it',
    );
    expect(message('en', 'host.unknownNode', { node: 'nope', url, nodes: 'pve1, pve2' })).toBe(
      `Unknown node 'nope' on ${url}; nodes of this host: pve1, pve2`,
    );
    expect(message('en', 'guest.stoppedStartFirst', { guest: 'CT 102 (db)' })).toBe('CT 102 (db) is stopped; start it first');
    expect(message('en', 'guest.sent.stop')).toBe('VM stop command sent');
  });

  it('writes connection failures as fixed texts, in the asked language', () => {
    const url = 'https://10.0.0.5:8006';
    expect(message('en', 'host.cannotReach', { url })).toBe(
      `Cannot reach a Proxmox VE API at ${url}: check the address, the port (8006) and that the host accepts HTTPS connections from this portal`,
    );
    expect(message('fr', 'host.cannotReach', { url })).toBe(
      `Impossible de joindre une API Proxmox VE à ${url}\u00a0: vérifiez l'adresse, le port (8006) et que l'hôte accepte les connexions HTTPS provenant de ce portail`,
    );
    expect(message('en', 'host.notPve', { url })).toBe(
      `${url} answered, but not as a Proxmox VE API: check the address and the port (8006)`,
    );
    const kind = message('en', 'address.loopback');
    expect(message('en', 'host.addressRefused', { url: 'https://127.0.0.1:8006', kind, policy: 'public' })).toBe(
      'https://127.0.0.1:8006 leads to a loopback address (this server itself), which this portal does not connect to (HOST_ADDRESS_POLICY=public)',
    );
    expect(message('fr', 'host.connectLimited', { seconds: 42 })).toBe(
      'Trop de tentatives de connexion à des hôtes depuis cette organisation\u00a0; réessayez dans 42\u00a0s',
    );
  });

  it('writes the sync answer in the asked language', () => {
    const outcome = { hostId: 'h', ok: true, total: 12, added: 2, removed: 1, changed: 0 };
    const same = { ...outcome, added: 0, removed: 0 };
    expect(syncMessage('pve1', outcome)).toBe('Synced pve1: 12 guests (2 added, 1 removed)');
    expect(syncMessage('pve1', { ...outcome, total: 1, added: 1, removed: 1, changed: 3 })).toBe(
      'Synced pve1: 1 guest (1 added, 1 removed, 3 changed)',
    );
    expect(syncMessage('pve1', same)).toBe('Synced pve1: 12 guests, no change');
    expect(syncMessage('pve1', outcome, 'fr')).toBe('Synchronisation de pve1 terminée\u00a0: 12 invités (2 ajoutés, 1 supprimé)');
    expect(syncMessage('pve1', same, 'fr')).toBe('Synchronisation de pve1 terminée\u00a0: 12 invités, aucun changement');
    expect(syncMessage('pve1', outcome, 'de')).toBe('pve1 synchronisiert: 12 Gäste (2 hinzugefügt, 1 entfernt)');
    expect(syncMessage('pve1', outcome, 'ja')).toBe('pve1 を同期しました：ゲスト 12 台（追加 2、削除 1）');
    expect(syncMessage('pve1', outcome, 'ar')).toBe('تمت مزامنة pve1: 12 جهازًا ضيفًا (إضافة 2، إزالة 1)');
  });
});

describe('acceptedLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['ko-KR,ko;q=0.9,de;q=0.5', 'de'],
    ['EN-us', 'en'],
    ['zh-Hant-TW', 'zh'],
    ['pt-BR', 'pt'],
    ['fil,it', 'it'],
    ['fr;q=0,es', 'es'],
    ['fr;q=0.0, ar;q=0.1', 'ar'],
    ['ja;q=abc,,,;q=', 'ja'],
    [',,,;q=', 'en'],
    ['*', 'en'],
    ['zz-ZZ', 'en'],
    ['a'.repeat(5000), 'en'],
    [['de-DE', 'fr'], 'de'],
  ] as [string | string[] | undefined, Language][])('%j is %s', (header, expected) => {
    expect(acceptedLanguage(header)).toBe(expected);
  });

  it('falls back to English', () => {
    expect(FALLBACK_LANGUAGE).toBe('en');
  });
});
