import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';

/**
 * A component test file's setup: `namespaces` in English before its tests (French again after them), and every
 * stub and spy undone after each test.
 */
export function inEnglish(namespaces: string[]): void {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(namespaces);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  afterAll(() => i18n.changeLanguage('fr'));
}
