// TypeScript types of the HTTP API (`paths`, `components`, `operations`) from its OpenAPI document, for the web's
// typed API calls (apps/web/src/lib/api-client.ts `apiCall`).
//
//   node scripts/openapi-types.mjs           writes packages/contract/src/openapi-types.ts when it changed
//   node scripts/openapi-types.mjs --check   writes nothing; exits 1 when the committed file differs
//
// Run after the document is generated (`npm run openapi`); packages/contract/src/openapi-types.test.ts fails on drift.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPENAPI_DOCUMENT = path.join(ROOT, 'packages/contract/openapi.json');
export const OPENAPI_TYPES = path.join(ROOT, 'packages/contract/src/openapi-types.ts');

const HEADER = `/* eslint-disable */
// Generated from packages/contract/openapi.json by scripts/openapi-types.mjs (openapi-typescript): do not edit.
// Regenerate with \`npm run openapi\`; packages/contract/src/openapi-types.test.ts fails when it drifts.

`;

/**
 * The types of an OpenAPI document (its JSON text), as the committed file holds them: openapi-typescript's output,
 * formatted with the repository's Prettier settings.
 * @param {string} documentText
 * @returns {Promise<string>}
 */
export async function renderOpenApiTypes(documentText) {
  // A default makes a property optional to send (the document lists it as not required), not required: its
  // request schemas (`…Input`) are components, which openapi-typescript would otherwise type as always present.
  const ast = await openapiTS(documentText, { silent: true, defaultNonNullable: false });
  const source = HEADER + astToString(ast);
  const options = (await prettier.resolveConfig(OPENAPI_TYPES)) ?? {};
  return prettier.format(source, { ...options, filepath: OPENAPI_TYPES });
}

async function main() {
  const check = process.argv.includes('--check');
  const text = await renderOpenApiTypes(fs.readFileSync(OPENAPI_DOCUMENT, 'utf8'));
  const file = path.relative(process.cwd(), OPENAPI_TYPES);
  const committed = fs.existsSync(OPENAPI_TYPES) ? fs.readFileSync(OPENAPI_TYPES, 'utf8') : undefined;
  if (committed === text) {
    process.stdout.write(`${file} is up to date.\n`);
    return 0;
  }
  if (check) {
    process.stderr.write(`${file} is out of date: run npm run openapi\n`);
    return 1;
  }
  fs.writeFileSync(OPENAPI_TYPES, text);
  process.stdout.write(`Wrote ${file}.\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
