/**
 * api-read benchmark: 10 simulated PVE hosts x 500 guests are added and synced into the portal (in-process,
 * embedded PGlite database); then autocannon (a child process, so it does not share our CPU) hammers
 * GET /api/vms and GET /api/stats with a real session, and, in the same run, a bare Fastify route that returns
 * the very same JSON bytes. Prints req/s, p99 latency and the ratio portal/bare (target >= 0.5).
 *
 *   npx tsx bench/api-read/run.ts [--hosts 10] [--guests-per-host 500] [--duration 10] [--connections 10] [--database-url postgres://…]
 *
 * With --database-url the portal uses that (empty, throw-away) PostgreSQL database instead of PGlite. --smoke: 2 hosts
 * x 5 guests, 1 s per route (the path, not the figures).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { announceSmoke, sized, verdict } from '../support/smoke';
import { startSeededPortal } from './seeded-portal';

const { values } = parseArgs({
  options: {
    hosts: { type: 'string' },
    'guests-per-host': { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const HOSTS = Number(values.hosts ?? sized('10', '2'));
const GUESTS = Number(values['guests-per-host'] ?? sized('500', '5'));
const DURATION = Number(values.duration ?? sized('10', '1'));
const CONNECTIONS = Number(values.connections ?? sized('10', '2'));
const root = fileURLToPath(new URL('../../', import.meta.url));

interface CannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}

/** autocannon's CLI in its own process; returns its JSON summary. */
function cannon(url: string, headers: Record<string, string> = {}): Promise<CannonResult> {
  const args = ['-c', String(CONNECTIONS), '-d', String(DURATION), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/autocannon'), args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as CannonResult) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  announceSmoke('api-read');
  console.log(
    `api-read: ${HOSTS} hosts x ${GUESTS} guests, ${CONNECTIONS} connections, ${DURATION} s per run, ${os.cpus().length} CPUs`,
  );
  const portal = await startSeededPortal(values['database-url'] ? { databaseUrl: values['database-url'] } : {});
  console.log(`database: ${portal.database.kind}`);
  const portalUrl = portal.url;
  const { token, syncMs } = await portal.seed(HOSTS, GUESTS);
  const auth = { authorization: `Bearer ${token}` };
  const vmsBody = await (await fetch(`${portalUrl}/api/vms`, { headers: auth })).text();
  const statsBody = await (await fetch(`${portalUrl}/api/stats`, { headers: auth })).text();
  const guestCount = (JSON.parse(vmsBody) as unknown[]).length;
  console.log(
    `added and synced ${HOSTS} hosts (${guestCount} guests) in ${Math.round(syncMs)} ms; /api/vms is ${(vmsBody.length / 1024).toFixed(0)} KiB`,
  );

  // The baseline: the same bytes from a bare Fastify route (no auth, no database, no serializer).
  const bare = Fastify({ logger: false });
  bare.get('/vms', async (_req, reply) => reply.type('application/json').send(vmsBody));
  bare.get('/stats', async (_req, reply) => reply.type('application/json').send(statsBody));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const rows: { route: string; portal: CannonResult; bare: CannonResult }[] = [];
  for (const route of ['vms', 'stats'] as const) {
    const measured = await cannon(`${portalUrl}/api/${route}`, auth);
    const baseline = await cannon(`${bareUrl}/${route}`);
    if (measured.non2xx || measured.errors)
      throw new Error(`portal answered ${measured.non2xx} non-2xx and ${measured.errors} errors on /api/${route}`);
    rows.push({ route: `GET /api/${route}`, portal: measured, bare: baseline });
  }
  // Where the time goes: the same session check alone (GET /api/auth/me), no fleet data.
  const me = await cannon(`${portalUrl}/api/auth/me`, auth);
  console.log(
    `\nreference: GET /api/auth/me (session check only) ${me.requests.average.toFixed(0)} req/s, p99 ${me.latency.p99} ms`,
  );
  console.log('\nroute            portal req/s  p99 ms   bare req/s  p99 ms   ratio (target >= 0.5)');
  for (const r of rows) {
    const ratio = r.portal.requests.average / r.bare.requests.average;
    console.log(
      `${r.route.padEnd(16)} ${r.portal.requests.average.toFixed(0).padStart(12)} ${String(r.portal.latency.p99).padStart(7)} ${r.bare.requests.average
        .toFixed(0)
        .padStart(12)} ${String(r.bare.latency.p99).padStart(7)}   ${ratio.toFixed(2)} ${verdict(ratio >= 0.5)}`,
    );
  }
  await bare.close();
  await portal.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
