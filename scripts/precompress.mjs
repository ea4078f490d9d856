#!/usr/bin/env node
// Writes .br and .gz beside every text asset of apps/web/dist, so the server (@fastify/static with
// preCompressed) sends them compressed without spending CPU per request. Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

let count = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') walk(full);
      continue;
    }
    if (!TEXT.test(entry.name)) continue;
    const buf = fs.readFileSync(full);
    if (buf.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(buf, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    });
    fs.writeFileSync(`${full}.br`, br);
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(buf, { level: 9 }));
    count++;
    before += buf.length;
    after += br.length;
  }
}
walk(dist);
console.log(`precompress: ${count} files, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
