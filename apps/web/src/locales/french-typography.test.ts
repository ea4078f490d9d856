// @vitest-environment node
import { describe, expect, it } from 'vitest';

// locales.test.ts checks that every namespace has the same keys in the nine languages; this checks the French
// typography of the namespaces that follow it: a no-break space (U+00A0 or the narrow U+202F) before : ; ? and !.
const bundles = import.meta.glob<Record<string, unknown>>(
  [
    './fr/tasks.json',
    './fr/automation.json',
    './fr/monitoring.json',
    './fr/alerts.json',
    './fr/backups.json',
    './fr/members.json',
    './fr/security.json',
    './fr/audit.json',
    './fr/api-keys.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
}

describe.each(Object.entries(bundles))('French typography of %s', (_file, bundle) => {
  it('puts a no-break space before : ; ? and ! (interpolations aside)', () => {
    const fr = strings(bundle).map((s) => s.replace(/\{\{[^}]*\}\}/g, 'x'));
    expect(fr.length).toBeGreaterThan(20);
    expect(fr.filter((s) => /(?:^|[^\u00a0\u202f])[:;?!]/.test(s))).toEqual([]);
    expect(fr.some((s) => /\u00a0:/.test(s))).toBe(true);
  });
});
