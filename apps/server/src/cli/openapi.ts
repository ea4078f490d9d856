import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { parseConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { ROUTE_POLICIES } from '../access/route-policy';
import { COMMITTED_OPENAPI_FILE, OPENAPI_INFO_VERSION, openApiText } from '../plugins/external/openapi';
import { differences, operationsWithoutPolicy } from '../plugins/external/openapi-document';

const USAGE = `Usage: npm run openapi [-- --check]

Builds the app on a throw-away embedded database (no PostgreSQL, no network) and writes its OpenAPI document to
packages/contract/openapi.json. With --check, writes nothing and exits 1 when the committed file differs.`;

/** The document of the app as it is built from source, in the committed file's exact text. */
async function generate(): Promise<{ text: string; unlisted: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-openapi-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    // The app starts its jobs when ready: they need the schema.
    await runMigrations(database);
    const config = parseConfig(
      // No web build (its files are not API routes) and no demo: the document is the same on every machine.
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: dataDir, PROXAI_DEMO: '0' },
      OPENAPI_INFO_VERSION,
    );
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const text = openApiText(app);
      return { text, unlisted: operationsWithoutPolicy(JSON.parse(text) as Record<string, unknown>, ROUTE_POLICIES) };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  let check: boolean | undefined;
  try {
    const { values } = parseArgs({
      options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    check = values.check;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
    return 2;
  }
  const { text, unlisted } = await generate();
  const file = path.relative(process.cwd(), COMMITTED_OPENAPI_FILE);
  if (unlisted.length > 0) {
    process.stderr.write(`Operations missing from ROUTE_POLICIES (documented without security): ${unlisted.join(', ')}\n`);
  }
  const committed = fs.existsSync(COMMITTED_OPENAPI_FILE) ? fs.readFileSync(COMMITTED_OPENAPI_FILE, 'utf8') : undefined;
  if (check) {
    if (committed === text) {
      process.stdout.write(`${file} is up to date.\n`);
      return 0;
    }
    const where = committed === undefined ? ['the file is missing'] : differences(JSON.parse(committed), JSON.parse(text));
    process.stderr.write(`${file} is out of date (${where.join(', ')}): run npm run openapi\n`);
    return 1;
  }
  if (committed === text) {
    process.stdout.write(`${file} is up to date.\n`);
    return 0;
  }
  fs.writeFileSync(COMMITTED_OPENAPI_FILE, text);
  process.stdout.write(`Wrote ${file}.\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
