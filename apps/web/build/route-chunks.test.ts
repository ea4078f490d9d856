// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeChunkGroups } from './route-chunks';

const root = '/app';
const id = (m: string) => path.join(root, m);

/** A module graph: static imports and dynamic imports per module, the first one the entry. */
function graph(edges: Record<string, { imports?: string[]; lazy?: string[] }>) {
  const modules = Object.keys(edges);
  const info = (m: string) => {
    const name = path.relative(root, m);
    if (!(name in edges)) return null;
    return {
      isEntry: name === modules[0],
      importers: modules.filter((x) => edges[x]!.imports?.includes(name)).map(id),
      dynamicImporters: modules.filter((x) => edges[x]!.lazy?.includes(name)).map(id),
    };
  };
  return { modules, ctx: { getModuleInfo: info } };
}

/** Which group Rolldown would put each module in: the highest-priority group whose name is not null. */
function placements(edges: Parameters<typeof graph>[0]) {
  const { modules, ctx } = graph(edges);
  const groups = routeChunkGroups(root, {
    route: 'dashboard',
    routeRoots: ['src/app/protected-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
    sharedRoots: ['src/app/protected-layout.tsx'],
    publicDirs: ['src/features/marketing'],
    namespaces: ['dashboard', 'account'],
  }).sort((a, b) => b.priority - a.priority);
  return Object.fromEntries(modules.map((m) => [m, groups.map((g) => g.name(id(m), ctx)).find((n) => n) ?? null]));
}

describe('routeChunkGroups', () => {
  const edges = {
    'src/main.tsx': { imports: ['src/app/router.tsx'] },
    'src/app/router.tsx': {
      imports: ['src/lib/i18n.ts'],
      lazy: [
        'src/features/marketing/pages/landing-page.tsx',
        'src/features/marketing/pages/pricing-page.tsx',
        'src/app/protected-layout.tsx',
        'src/features/dashboard/dashboard-page.tsx',
        'src/features/licenses/licenses-page.tsx',
      ],
    },
    'src/lib/i18n.ts': {
      lazy: [
        'src/locales/en/common.json',
        'src/locales/en/dashboard.json',
        'src/locales/en/account.json',
        'src/locales/fr/dashboard.json',
      ],
    },
    'src/locales/en/common.json': {},
    'src/locales/en/dashboard.json': {},
    'src/locales/en/account.json': {},
    'src/locales/fr/dashboard.json': {},
    'src/features/marketing/pages/landing-page.tsx': {
      imports: ['src/components/ui/button.tsx', 'src/features/marketing/plan-card.tsx', 'src/features/marketing/hero.tsx'],
    },
    'src/features/marketing/pages/pricing-page.tsx': { imports: ['src/features/marketing/plan-card.tsx'] },
    'src/features/marketing/plan-card.tsx': {},
    'src/features/marketing/hero.tsx': {},
    'src/components/ui/button.tsx': { imports: ['src/components/ui/cn.ts'] },
    'src/components/ui/cn.ts': {},
    'src/app/protected-layout.tsx': { imports: ['src/lib/query-client.ts', 'src/components/account-menu.tsx'] },
    'src/components/account-menu.tsx': {},
    'src/features/dashboard/dashboard-page.tsx': {
      imports: ['src/components/ui/button.tsx', 'src/components/ui/card.tsx', 'src/features/dashboard/guest-list.tsx'],
      lazy: ['src/features/dashboard/add-host-dialog.tsx'],
    },
    'src/features/dashboard/guest-list.tsx': { imports: ['src/lib/i18n.ts'] },
    'src/features/dashboard/add-host-dialog.tsx': { imports: ['src/features/dashboard/host-form.tsx'] },
    'src/features/dashboard/host-form.tsx': {},
    'src/features/licenses/licenses-page.tsx': { imports: ['src/components/ui/card.tsx', 'src/lib/query-client.ts'] },
    'src/components/ui/card.tsx': {},
    'src/lib/query-client.ts': {},
  };
  const placed = placements(edges);

  it('leaves the entry and single pages to the default rule', () => {
    for (const m of ['src/main.tsx', 'src/app/router.tsx', 'src/lib/i18n.ts']) expect(placed[m], m).toBeNull();
    expect(placed['src/features/marketing/hero.tsx']).toBeNull();
    expect(placed['src/features/marketing/pages/landing-page.tsx']).toBeNull();
    expect(placed['src/features/dashboard/add-host-dialog.tsx']).toBeNull();
    expect(placed['src/features/dashboard/host-form.tsx']).toBeNull();
  });

  it("puts the route's own modules in one chunk, and those it shares with other signed-in pages in another", () => {
    expect(placed['src/features/dashboard/dashboard-page.tsx']).toBe('dashboard');
    // The protected layout is loaded by every signed-in page: /licenses must not load the dashboard's code.
    expect(placed['src/app/protected-layout.tsx']).toBe('signed-in');
    expect(placed['src/components/account-menu.tsx']).toBe('signed-in');
    expect(placed['src/features/dashboard/guest-list.tsx']).toBe('dashboard');
    expect(placed['src/components/ui/card.tsx']).toBe('signed-in');
    expect(placed['src/lib/query-client.ts']).toBe('signed-in');
  });

  it('groups what the route shares with public pages, and keeps public-only sharing per set of pages', () => {
    expect(placed['src/components/ui/button.tsx']).toBe('ui');
    expect(placed['src/components/ui/cn.ts']).toBe('ui');
    expect(placed['src/features/marketing/plan-card.tsx']).toBe('shared-1');
  });

  it("gives the route's namespaces one file per language, 'common' apart", () => {
    expect(placed['src/locales/en/dashboard.json']).toBe('dashboard-en');
    expect(placed['src/locales/en/account.json']).toBe('dashboard-en');
    expect(placed['src/locales/fr/dashboard.json']).toBe('dashboard-fr');
    expect(placed['src/locales/en/common.json']).toBeNull();
  });
});
