import path from 'node:path';

/** The part of Rolldown's ModuleInfo this needs. */
interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

type GetModuleInfo = (id: string) => ModuleInfo | null;
type NameFunction = (id: string, ctx: { getModuleInfo: GetModuleInfo }) => string | null;

export interface RouteChunkOptions {
  /** The chunk name of the route's own code, e.g. 'dashboard'. */
  route: string;
  /** The lazy modules the route loads first (relative to the app root). */
  routeRoots: string[];
  /** Those of `routeRoots` the other signed-in pages load too (the protected layout): not the route's own. */
  sharedRoots: string[];
  /** Directories of the public pages' lazy modules, whose chunks must not grow. */
  publicDirs: string[];
  /** The route's translation namespaces besides 'common' (which the public pages load too). */
  namespaces: string[];
}

/**
 * Rolldown's default splitting gives every set of lazy pages that share modules its own chunk: /dashboard
 * needed 16 scripts and 3 translation files, most under 1 KB (an icon, a button), and each request costs the
 * browser about as much as compiling a few kilobytes. With these groups the route loads six files:
 *
 * - `ui`: what the route shares with public pages (buttons, icons, the language and theme toggles);
 * - the route's own code (`route`), and what it shares with the other signed-in pages, the protected layout
 *   included (`signed-in`);
 * - one translation file per language for the route's namespaces, beside `common`;
 * - and, left to the default rule, react-i18next's hooks, which the entry reaches through the package's
 *   index without using them.
 *
 * Every other module shared by public pages keeps the default rule (one chunk per set of lazy pages that
 * use it), so the public pages load what they did, plus the few `ui` modules they do not use themselves.
 *
 * A "root" is the entry or a dynamically imported module (a lazy page); a module belongs to the roots that
 * reach it through static imports.
 */
export function routeChunkGroups(root: string, options: RouteChunkOptions) {
  const routeRoots = new Set(options.routeRoots.map((m) => path.resolve(root, m)));
  const sharedRoots = new Set(options.sharedRoots.map((m) => path.resolve(root, m)));
  const publicDirs = options.publicDirs.map((d) => path.resolve(root, d) + path.sep);
  const translation = new RegExp(`[\\\\/]src[\\\\/]locales[\\\\/]([a-z]{2})[\\\\/](?:${options.namespaces.join('|')})\\.json$`);
  const cache = new Map<string, ReadonlySet<string>>();

  /** The roots that reach `id` through static imports (cycles are cut: a module in progress adds nothing). */
  const rootsOf = (id: string, info: GetModuleInfo): ReadonlySet<string> => {
    const known = cache.get(id);
    if (known) return known;
    const roots = new Set<string>();
    cache.set(id, roots);
    const m = info(id);
    if (!m) return roots;
    if (m.isEntry || m.dynamicImporters.length > 0) roots.add(id);
    for (const importer of m.importers) for (const r of rootsOf(importer, info)) roots.add(r);
    return roots;
  };

  type Placement = 'entry' | 'ui' | 'public' | 'route' | 'signed-in' | 'other';
  const placement = (id: string, info: GetModuleInfo): Placement => {
    const roots = [...rootsOf(id, info)];
    if (roots.some((r) => info(r)?.isEntry)) return 'entry';
    const publicCount = roots.filter((r) => publicDirs.some((d) => r.startsWith(d))).length;
    const routeCount = roots.filter((r) => routeRoots.has(r)).length;
    if (publicCount > 0) return routeCount > 0 ? 'ui' : publicCount > 1 ? 'public' : 'other';
    if (routeCount === 0) return 'other';
    return routeCount === roots.length && !roots.some((r) => sharedRoots.has(r)) ? 'route' : 'signed-in';
  };

  // One chunk per distinct set of public roots, as the default would, with short names in first-seen order.
  const publicNames = new Map<string, string>();
  const publicName = (id: string, info: GetModuleInfo) => {
    const key = [...rootsOf(id, info)].sort().join('|');
    if (!publicNames.has(key)) publicNames.set(key, `shared-${publicNames.size + 1}`);
    return publicNames.get(key)!;
  };

  const group = (debugName: string, priority: number, name: NameFunction) => ({
    debugName,
    name,
    priority,
    // A group's dependencies stay where their own rule puts them (the entry's modules in the entry).
    includeDependenciesRecursively: false,
  });
  const by =
    (wanted: Placement, chunk: string | ((id: string, info: GetModuleInfo) => string)): NameFunction =>
    (id, ctx) => {
      const info: GetModuleInfo = (m) => ctx.getModuleInfo(m);
      if (placement(id, info) !== wanted) return null;
      return typeof chunk === 'string' ? chunk : chunk(id, info);
    };

  return [
    group('route translations', 6, (id) => {
      const match = translation.exec(id);
      return match ? `${options.route}-${match[1]}` : null;
    }),
    group('ui', 5, by('ui', 'ui')),
    group('public', 4, by('public', publicName)),
    group('route', 3, by('route', options.route)),
    group('signed-in', 2, by('signed-in', 'signed-in')),
  ];
}
