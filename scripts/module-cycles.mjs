#!/usr/bin/env node
// The server's folders as an import graph (type imports counted): its strongly connected components and the pairs of
// folders that import each other. Issue 32 §3 takes it to no cycle at all; until then the run fails when either figure
// grows past the bound given (a ratchet: lower the bounds as the layers are untangled, never raise them).
//
//   node scripts/module-cycles.mjs --verbose               # the figures, each cycle and each pair
//   node scripts/module-cycles.mjs --max-component 20 --max-pairs 22
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
const { values } = parseArgs({
  options: { 'max-component': { type: 'string' }, 'max-pairs': { type: 'string' }, verbose: { type: 'boolean' } },
});

/** A file's folder: a feature (modules/x), a plugin group (plugins/x), another top folder, or a file at the top. */
function folderOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  if ((parts[0] === 'modules' || parts[0] === 'plugins') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length === 1 ? parts[0].replace(/\.ts$/, '') : parts[0];
}

/** The shipped code: tests and their helpers (`*.testing.ts`, `src/testing/`) may reach anywhere. */
function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== path.join(root, 'testing')) yield* sourceFiles(full);
    } else if (entry.name.endsWith('.ts') && !/\.test\.|\.testing\./.test(entry.name)) yield full;
  }
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gs;
/** folder → the folders it imports. */
const edges = new Map();
for (const file of sourceFiles(root)) {
  const from = folderOf(file);
  if (!edges.has(from)) edges.set(from, new Set());
  for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(root)) continue;
    const to = folderOf(target.endsWith('.ts') ? target : `${target}.ts`);
    if (to !== from) edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function visit(v) {
  index.set(v, index.size);
  low.set(v, index.get(v));
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    components.push(component);
  }
}
for (const v of edges.keys()) if (!index.has(v)) visit(v);

const cyclic = components.filter((c) => c.length > 1).sort((a, b) => b.length - a.length);
const pairs = [];
for (const [a, targets] of edges) for (const b of targets) if (a < b && edges.get(b)?.has(a)) pairs.push(`${a} ↔ ${b}`);
const largest = cyclic[0]?.length ?? 0;

console.log(
  `server folders: ${edges.size}; in cycles: ${cyclic.map((c) => c.length).join(' + ') || 0}; folder pairs importing each other: ${pairs.length}`,
);

const bounds = [
  ['largest component', largest, values['max-component']],
  ['mutual pairs', pairs.length, values['max-pairs']],
];
let failed = false;
for (const [name, value, bound] of bounds) {
  if (bound !== undefined && value > Number(bound)) {
    console.error(`module-cycles: ${name} is ${value}, more than the bound ${bound}: an import made the layers worse`);
    failed = true;
  }
}
if (failed || values.verbose) {
  for (const c of cyclic) console.log(`  cycle of ${c.length}: ${c.sort().join(', ')}`);
  for (const p of pairs.sort()) console.log(`  ${p}`);
}
process.exit(failed ? 1 : 0);
