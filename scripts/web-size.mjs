#!/usr/bin/env node
// Prints the gzip size of the JavaScript the landing page (/) loads: the entry script of index.html and
// its static imports, plus the landing-page chunk, its static imports and the French translations it
// fetches (common + marketing). Reads the Vite manifest (build.manifest) of apps/web/dist.
// Exit code 1 when the total is over the 150 KB budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 150;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`web-size: ${manifestPath} is missing; build apps/web first (npm run build -w apps/web).`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const files = new Map(); // file -> why
function addChunk(key, why) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`web-size: ${key} not in the Vite manifest`);
  if (files.has(chunk.file)) return;
  files.set(chunk.file, why);
  for (const dep of chunk.imports ?? []) addChunk(dep, why);
}

// 1. What index.html loads itself.
for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)) {
  const file = m[1];
  const key = Object.keys(manifest).find((k) => manifest[k].file === file);
  if (key) addChunk(key, 'entry');
  else files.set(file, 'entry');
}
// 2. The landing page's lazy chunk and its static imports, then the translations it needs in French.
addChunk('src/features/marketing/pages/landing-page.tsx', 'landing');
for (const ns of ['common', 'marketing']) {
  const key = `src/locales/fr/${ns}.json`;
  if (manifest[key]) addChunk(key, 'translations (fr)');
}

let total = 0;
const rows = [];
for (const [file, why] of files) {
  const buf = fs.readFileSync(path.join(dist, file));
  const gz = zlib.gzipSync(buf, { level: 9 }).length;
  total += gz;
  rows.push({ file, why, raw: buf.length, gz });
}
rows.sort((a, b) => b.gz - a.gz);
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log('JavaScript loaded by / (gzip):');
for (const r of rows) console.log(`${kb(r.gz)} KB  ${r.file}  [${r.why}]`);
const byWhy = {};
for (const r of rows) byWhy[r.why] = (byWhy[r.why] ?? 0) + r.gz;
for (const [why, gz] of Object.entries(byWhy)) console.log(`${kb(gz)} KB  subtotal ${why}`);
const ok = total / 1024 <= BUDGET_KB;
console.log(`${kb(total)} KB  TOTAL for / (budget ${BUDGET_KB} KB): ${ok ? 'OK' : 'OVER BUDGET'}`);
process.exit(ok ? 0 : 1);
