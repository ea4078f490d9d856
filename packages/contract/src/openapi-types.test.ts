import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The committed types must be what the committed OpenAPI document generates today (as the document itself must be
// what the server generates: apps/server's openapi test). The generator is plain JavaScript run by node, so it is
// imported by URL and its one function given its type here.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const GENERATOR = pathToFileURL(path.join(ROOT, 'scripts/openapi-types.mjs')).href;

describe('openapi-types.ts', () => {
  // openapi-typescript and Prettier over 15,000 lines: some seconds on a busy machine.
  it('is generated from the committed openapi.json', { timeout: 90_000 }, async () => {
    const generator: { renderOpenApiTypes: (documentText: string) => Promise<string>; OPENAPI_DOCUMENT: string } = await import(
      GENERATOR
    );
    const expected = await generator.renderOpenApiTypes(fs.readFileSync(generator.OPENAPI_DOCUMENT, 'utf8'));
    const committed = fs.readFileSync(path.join(ROOT, 'packages/contract/src/openapi-types.ts'), 'utf8');
    // Not toEqual on 15,000 lines: the message says what to do, the first difference says where.
    const lines = committed.split('\n');
    const at = expected.split('\n').findIndex((line, i) => line !== lines[i]);
    expect(
      committed === expected,
      `packages/contract/src/openapi-types.ts is out of date (first difference at line ${at + 1}): run npm run openapi`,
    ).toBe(true);
  });
});
