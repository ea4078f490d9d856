import path from 'node:path';
import type { Plugin } from 'vite';

/** What a path needs first: its lazy modules (with their shared chunks), i18n namespaces and API reads. */
export interface RoutePreload {
  modules: string[];
  namespaces: string[];
  api?: string[];
}

interface Chunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
}

/**
 * Writes, into index.html, a JSON data block telling `theme-init.js` which hashed chunks and translation
 * files each path needs, so the browser downloads them (and the page's first API reads) while the main
 * bundle is still arriving, instead of only once it has run and the router has asked for them.
 */
export function routePreloads(root: string, routes: Record<string, RoutePreload>): Plugin {
  return {
    name: 'proxai-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) throw new Error('route-preloads: no bundle (build only)');
        const chunks = Object.values(bundle).filter((o): o is Chunk & (typeof bundle)[string] => o.type === 'chunk');
        // By every module a chunk holds, not only its facade: route-chunks.ts groups several lazy modules into one.
        const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((m) => [path.relative(root, m), c] as const)));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // What the entry imports statically is already preloaded by Vite's own <link rel="modulepreload">.
        const entry = chunks.find((c) => c.isEntry);
        const loaded = new Set(entry ? [entry.fileName, ...entry.imports] : []);
        const closure = (start: Chunk, into: Set<string>) => {
          if (loaded.has(start.fileName) || into.has(start.fileName)) return;
          into.add(start.fileName);
          for (const f of start.imports) {
            const next = byFile.get(f);
            if (next) closure(next, into);
          }
        };
        const out: Record<string, { js: string[]; ns: Record<string, string[]>; api: string[] }> = {};
        for (const [route, want] of Object.entries(routes)) {
          const js = new Set<string>();
          for (const m of want.modules) {
            const chunk = byModule.get(m);
            if (!chunk) throw new Error(`route-preloads: no chunk for ${m} (route ${route})`);
            closure(chunk, js);
          }
          const ns: Record<string, string[]> = {};
          for (const [mod, chunk] of byModule) {
            const match = /^src\/locales\/([a-z]{2})\/([a-z]+)\.json$/.exec(mod);
            if (!match || !['common', ...want.namespaces].includes(match[2]!)) continue;
            // Several namespaces may share one file (route-chunks.ts).
            const files = (ns[match[1]!] ??= []);
            if (!files.includes(`/${chunk.fileName}`)) files.push(`/${chunk.fileName}`);
          }
          out[route] = { js: [...js].map((f) => `/${f}`), ns, api: want.api ?? [] };
        }
        const block = `<script id="route-preloads" type="application/json">${JSON.stringify(out)}</script>\n    `;
        const next = html.replace('<script src="/theme-init.js">', `${block}<script src="/theme-init.js">`);
        if (next === html) throw new Error('route-preloads: the theme-init.js script tag is missing from index.html');
        return next;
      },
    },
  };
}
