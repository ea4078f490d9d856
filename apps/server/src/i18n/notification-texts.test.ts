import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { ALERT_LINE_TEXTS } from './alert-line-texts';
import { NOTIFICATION_TEXTS } from './notification-texts';

type Catalogue = Record<string, Record<string, string>>;
const web = (lang: string): Catalogue =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../web/src/locales/${lang}/alerts.json`, import.meta.url)), 'utf8'),
  ) as Catalogue;
const serverForm = (text: string) => text.replace(/\{\{(\w+)\}\}/g, '{$1}');
const texts = { ...ALERT_LINE_TEXTS, ...NOTIFICATION_TEXTS } as unknown as Record<
  string,
  Record<string, string | Record<string, string>>
>;

/** A notification words an alert as the web app does: the two catalogues must not drift apart. */
describe('notification alert lines', () => {
  it.each([...LANGUAGES])('are the web app’s alert lines in %s', (lang) => {
    const { line, lineWithout, severity } = web(lang);
    for (const [kind, text] of Object.entries(line!)) {
      const stale = /^collector_stale_(\w+)$/.exec(kind);
      if (stale) {
        const entry = texts['alertLine.collector_stale']![lang]!;
        const form = stale[1]!;
        // i18next's `zero` is only a CLDR form in Arabic; a form equal to `other` is left out.
        if (form === 'zero' && lang !== 'ar') continue;
        const ours = typeof entry === 'string' ? entry : (entry[form] ?? entry.other);
        expect(ours, `${lang} collector_stale ${form}`).toBe(serverForm(text).replaceAll('{value}', '{count}'));
      } else expect(texts[`alertLine.${kind}`]![lang], `${lang} ${kind}`).toBe(serverForm(text));
    }
    for (const [kind, text] of Object.entries(lineWithout!))
      expect(texts[`alertLineWithout.${kind}`]![lang], `${lang} ${kind}`).toBe(serverForm(text));
    for (const [level, text] of Object.entries(severity!)) expect(texts[`notify.severity.${level}`]![lang]).toBe(text);
  });
});
