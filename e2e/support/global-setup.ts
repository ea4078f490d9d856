import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureBuilt, freePort, startPortal, type Portal } from './portal';
import { ADMIN, CONTACT_TO, OIDC_CLIENT, type PortalName, type SharedPortalInfo } from './shared';

/** The server the PostgreSQL portal's database is created on (and dropped from at the end). */
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onPostgres(sql: string): Promise<void> {
  const client = new pg.Client(POSTGRES);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface BrowserServer {
  wsEndpoint: string;
  close(): Promise<void>;
}

/** Starts support/browser-server.ts (Chromium behind a Playwright server) and reads its endpoint. */
async function startBrowserServer(): Promise<BrowserServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'browser-server.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const wsEndpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    void exited.then(() => reject(new Error(`the browser server exited with ${child.exitCode} before it listened`)));
  });
  return {
    wsEndpoint,
    close: async () => {
      child.stdin.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The secrets the files wrote to `file` (the `track` of support/shared.ts's sharedPortal), one JSON string a line. */
function trackedIn(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string);
}

/**
 * Vitest's global setup for the browser tests: one Chromium (behind a Playwright server in a process of its own, which
 * the files connect to) and the built portal twice, on its embedded database and on a fresh PostgreSQL database, each with every setting a
 * file needs. The teardown stops them; it fails when a portal's log holds a secret a file handled.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-e2e-run-'));
  // The provider's port is chosen first so the portals can be told its issuer; auth.e2e.test.ts starts it there
  // (the portal discovers it at first use).
  const oidcPort = await freePort();
  const env = {
    PROXAI_ADMIN_EMAIL: ADMIN.email,
    PROXAI_ADMIN_PASSWORD: ADMIN.password,
    OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    CONTACT_TO,
    // The simulated Proxmox nodes listen on 127.0.0.1.
    HOST_ADDRESS_POLICY: 'any',
    // Every file signs in from 127.0.0.1: the per-address limits would count the whole run's sign-ins as one client's.
    RATE_LIMIT_ENABLED: 'false',
    // A simulated host's history is read at once (the monitoring test waits for a guest's backfilled hour).
    METRICS_BACKFILL_REQUESTS_PER_SECOND: '20',
  };
  const database = `proxai_e2e_${process.pid}_${Date.now()}`;
  const databaseUrl = new URL(POSTGRES);
  databaseUrl.pathname = `/${database}`;
  await onPostgres(`CREATE DATABASE ${database}`);

  let browserServer: BrowserServer | undefined;
  const portals = new Map<PortalName, Portal>();
  const secretsFile = (name: PortalName) => path.join(runDir, `${name}-secrets.jsonl`);

  const teardown = async () => {
    const problems: string[] = [];
    for (const [name, portal] of portals) {
      portal.track(...trackedIn(secretsFile(name)));
      await portal.stop().catch((err: unknown) => problems.push(`the ${name} portal: ${String(err)}`));
    }
    await browserServer?.close().catch((err: unknown) => problems.push(`the browser server: ${String(err)}`));
    await onPostgres(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    fs.rmSync(runDir, { recursive: true, force: true });
    if (problems.length > 0) {
      // Vitest (4.1) prints an error thrown here ("error during close") but would still exit with 0.
      process.exitCode = 1;
      throw new Error(problems.join('\n'));
    }
  };

  const started = await Promise.allSettled([
    startBrowserServer().then((server) => (browserServer = server)),
    startPortal({ env }).then((portal) => portals.set('pglite', portal)),
    startPortal({ env: { ...env, DATABASE_URL: databaseUrl.toString() } }).then((portal) => portals.set('postgres', portal)),
  ]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  for (const portal of portals.values()) portal.track(ADMIN.password, OIDC_CLIENT.secret);

  const info = (name: PortalName): SharedPortalInfo => {
    const { url, port, dataDir } = portals.get(name)!;
    return { url, port, dataDir, secretsFile: secretsFile(name) };
  };
  project.provide('browserEndpoint', browserServer!.wsEndpoint);
  project.provide('portals', { pglite: info('pglite'), postgres: info('postgres') });
  project.provide('postgresUrl', databaseUrl.toString());
  project.provide('oidcPort', oidcPort);
  return teardown;
}
