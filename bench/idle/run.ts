// Idle: what a replica costs when nobody uses it. Three simulated hosts (the simulator in a process of its own, so
// its CPU is reported apart), one portal replica polling them, once their history backfill ended and a warm-up: the portal's CPU (target ≤ 2 % of a
// core) and its database's transactions per minute. The baseline, measured in the same run on the same data: the
// same build as a web-only replica (PROXAI_WORKERS=0: no job workers, polls, schedules or loops). On the embedded
// PGlite and on PostgreSQL.
// Usage: npm run build && npx tsx bench/idle/run.ts [--seconds 120] [--warmup-seconds 60]
//        [--database-url postgres://postgres@127.0.0.1:5432/test]   (a fresh database is made beside it)
//        [--profile prefix]   (CPU profiles of the measured spans, prefix-<database>-<mode>.cpuprofile; run with
//                              NODE_OPTIONS=--experimental-websocket)
//        [--smoke]   (a few seconds each: the path, not the figures)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { issueLicence } from '../support/admin';
import { detailOf, json, signInByCode, tokenHostBody } from '../support/api';
import { startBenchPortal, type BenchPortal } from '../support/portal';
import { freshPostgresDatabase, postgresAnswers } from '../support/postgres';
import { announceSmoke, sized, SMOKE, verdict } from '../support/smoke';
import { inspectorUrl, startCpuProfile } from '../support/cpu-profile';
import { cpuSeconds } from '../support/stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SECONDS = Number(arg('seconds', sized('120', '2')));
const WARMUP_SECONDS = Number(arg('warmup-seconds', sized('60', '1')));
const SERVER_URL = arg('database-url', 'postgres://postgres@127.0.0.1:5432/test');
const PROFILE = process.argv.includes('--profile') ? arg('profile', '') : undefined;
const HOSTS = 3;
const GUESTS = Number(sized('40', '3'));
/** Longest wait for the added hosts' history backfill (one-time work, not idle) before the warm-up. */
const BACKFILL_WAIT_MS = 15 * 60_000;
/** How often the backfill's end is looked for (a smoke run's hosts have little history: it ends in seconds). */
const BACKFILL_LOOK_MS = sized(2000, 250);
const TARGET_CPU_PERCENT = 2;
const ADMIN = { email: 'idle-admin@example.test', password: 'idle-admin-password-1' };
const OWNER_EMAIL = 'idle-owner@example.test';

interface SimNode {
  name: string;
  url: string;
  username: string;
  tokenId: string;
  tokenSecret: string;
}

/** The simulator in its own process (`pve-sim --json`), answering once it printed its nodes. */
async function startSimulator(): Promise<{ child: ChildProcess; nodes: SimNode[]; stop(): Promise<void> }> {
  const cli = path.join(root, 'packages/pve-sim/dist/cli.js');
  if (!fs.existsSync(cli)) throw new Error('the simulator is not built: run `npm run build` first');
  const child = spawn(process.execPath, [cli, '--nodes', String(HOSTS), '--guests', String(GUESTS), '--no-pbs', '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  const nodes = await new Promise<SimNode[]>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      try {
        resolve((JSON.parse(text) as { nodes: SimNode[] }).nodes);
      } catch {
        // not all of it yet
      }
    });
  });
  return {
    child,
    nodes,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A process's CPU time so far (user + system), from /proc (Linux). */
function processCpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function databaseTransactions(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^proxai_database_transactions ([\d.e+-]+)/m.exec(text)?.[1] ?? NaN);
}

interface Figures {
  cpuPercent: number;
  transactionsPerMinute: number;
  simulatorCpuPercent: number;
}

/** Waits until every host's history backfill (rrddata, once per added host) has ended: it is not idle work. */
async function backfillsEnded(url: string, token: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { body } = await json<{ hosts: { name: string; backfill: { state: string } | null }[] }>(
      `${url}/api/metrics/collection`,
      { token },
    );
    const open = body.hosts.filter((h) => !h.backfill || h.backfill.state === 'queued' || h.backfill.state === 'running');
    const failed = body.hosts.filter((h) => h.backfill?.state === 'failed');
    if (failed.length > 0) throw new Error(`history backfill failed for ${failed.map((h) => h.name).join(', ')}`);
    if (open.length === 0) return (Date.now() - started) / 1000;
    if (Date.now() - started > BACKFILL_WAIT_MS) throw new Error('the history backfills did not end within 15 minutes');
    await new Promise((r) => setTimeout(r, BACKFILL_LOOK_MS));
  }
}

/** Waits out the warm-up, then measures the portal for SECONDS (and profiles it with --profile into `profileFile`). */
async function measure(portal: BenchPortal, simulatorPid: number, profileFile: string): Promise<Figures> {
  const url = portal.url;
  await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
  const stopProfile = PROFILE ? await startCpuProfile(inspectorUrl(portal.output)) : undefined;
  const started = Date.now();
  const before = { cpu: await cpuSeconds(url), tx: await databaseTransactions(url), sim: processCpuSeconds(simulatorPid) };
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const after = { cpu: await cpuSeconds(url), tx: await databaseTransactions(url), sim: processCpuSeconds(simulatorPid) };
  const seconds = (Date.now() - started) / 1000;
  if (stopProfile) {
    await stopProfile(profileFile);
    console.log(`CPU profile: ${profileFile} (npx tsx bench/support/profile-summary.ts ${profileFile})`);
  }
  return {
    cpuPercent: ((after.cpu - before.cpu) / seconds) * 100,
    // Less the two reads of the count itself (each is one transaction).
    transactionsPerMinute: ((after.tx - before.tx - 2) / seconds) * 60,
    simulatorCpuPercent: ((after.sim - before.sim) / seconds) * 100,
  };
}

/** One database: the portal with its workers (hosts added, polled), then the same data as a web-only replica. */
async function run(label: string, nodes: SimNode[], simulatorPid: number, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-bench-idle-'));
  const env = {
    // The same key across both starts, so the second can read the credentials the first sealed.
    PROXAI_SECRET_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: dataDir,
    RATE_LIMIT_ENABLED: 'false',
    HOST_ADDRESS_POLICY: 'any', // the simulated hosts listen on 127.0.0.1
    LOG_LEVEL: 'warn',
    PROXAI_ADMIN_EMAIL: ADMIN.email,
    PROXAI_ADMIN_PASSWORD: ADMIN.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(PROFILE ? { NODE_OPTIONS: '--inspect=127.0.0.1:0' } : {}),
  };
  const profileFile = (mode: string) => `${PROFILE}-${databaseUrl ? 'postgres' : 'pglite'}-${mode}.cpuprofile`;
  try {
    const portal = await startBenchPortal(env, [ADMIN.password]);
    let working: Figures;
    try {
      const token = await signInByCode(portal.url, OWNER_EMAIL);
      const me = await json<{ organisation_id: string }>(`${portal.url}/api/auth/me`, { token });
      await issueLicence(portal.url, ADMIN, me.body.organisation_id, 'pro');
      for (const n of nodes) {
        const res = await json(`${portal.url}/api/hosts`, { method: 'POST', token, body: tokenHostBody(n) });
        if (res.status !== 201) throw new Error(`add host ${res.status}: ${detailOf(res.body)}`);
      }
      const backfillSeconds = await backfillsEnded(portal.url, token);
      console.log(`${label}: the added hosts' history backfill ended after ${backfillSeconds.toFixed(0)} s`);
      working = await measure(portal, simulatorPid, profileFile('workers'));
    } finally {
      await portal.stop();
    }
    const webOnly = await startBenchPortal({ ...env, PROXAI_WORKERS: '0' }, [ADMIN.password]);
    let baseline: Figures;
    try {
      baseline = await measure(webOnly, simulatorPid, profileFile('web-only'));
    } finally {
      await webOnly.stop();
    }
    const f = (x: number, digits = 1) => x.toFixed(digits).padStart(7);
    console.log(`${label}:`);
    console.log(`                 portal CPU (% of a core)  db transactions/min  simulator CPU (%)`);
    console.log(
      `  workers on   ${f(working.cpuPercent, 2)}                   ${f(working.transactionsPerMinute)}              ${f(working.simulatorCpuPercent, 2)}`,
    );
    console.log(
      `  web-only     ${f(baseline.cpuPercent, 2)}                   ${f(baseline.transactionsPerMinute)}              ${f(baseline.simulatorCpuPercent, 2)}`,
    );
    console.log(
      `  ratio on/off: CPU ${(working.cpuPercent / baseline.cpuPercent).toFixed(1)}, transactions ${(working.transactionsPerMinute / Math.max(1, baseline.transactionsPerMinute)).toFixed(1)}; ` +
        `portal CPU ${working.cpuPercent.toFixed(2)} % (target ≤ ${TARGET_CPU_PERCENT} %) ${verdict(working.cpuPercent <= TARGET_CPU_PERCENT)}`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  announceSmoke('idle');
  console.log(`idle: ${HOSTS} simulated hosts (own process), ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured per start`);
  const simulator = await startSimulator();
  try {
    await run('PGlite (embedded)', simulator.nodes, simulator.child.pid!);
    if (SMOKE && !process.argv.includes('--database-url')) {
      // The same path on another database, and two more portal starts and history backfills: a full run measures it.
      console.log('PostgreSQL: not in a smoke run (`--database-url` adds it)');
    } else if (await postgresAnswers(SERVER_URL)) {
      const database = await freshPostgresDatabase(SERVER_URL, 'bench_idle', 'idle on PostgreSQL');
      try {
        await run('PostgreSQL', simulator.nodes, simulator.child.pid!, database.url);
      } finally {
        await database.drop();
      }
    } else {
      console.log(`PostgreSQL: skipped, none answers at ${SERVER_URL} (--database-url)`);
    }
  } finally {
    await simulator.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
