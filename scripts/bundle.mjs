// Bundles a Node entry point (and its workspace packages, which ship TypeScript source) into one ESM file.
// Third-party packages stay external and are loaded from node_modules at run time.
// Usage: node scripts/bundle.mjs <entry.ts> <out.js> [<entry.ts> <out.js> ...]
import { build } from 'esbuild';

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error('usage: bundle.mjs <entry.ts> <out.js> [...]');
  process.exit(2);
}

const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@proxai/') ? undefined : { path: args.path, external: true },
    );
  },
};

for (let i = 0; i < pairs.length; i += 2) {
  await build({
    entryPoints: [pairs[i]],
    outfile: pairs[i + 1],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalThirdParty],
    logLevel: 'warning',
  });
}
