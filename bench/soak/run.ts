// Soak: 200 concurrent simulated users (each signs in once, then reads the dashboard and acts on guests)
// for 60 s against 10 simulated Proxmox hosts. Prints errors, latency percentiles and the server's RSS.
// Usage: npm run build && npx tsx bench/soak/run.ts [--users 200] [--seconds 60] [--hosts 10] [--guests 500]
//        [--database-url …] [--profile f] [--smoke]
import { generateFleet, startFleet } from '@proxai/pve-sim';
import { issueLicence } from '../support/admin';
import { detailOf, followTask, json, signInByCode, tokenHostBody } from '../support/api';
import { startBenchPortal } from '../support/portal';
import { inspectorUrl, startCpuProfile } from '../support/cpu-profile';
import { announceSmoke, SMOKE, sized } from '../support/smoke';
import { percentile, portalRssMb } from '../support/stats';
import type { MetricsCollection } from '@proxai/contract';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const USERS = arg('users', sized(200, 3));
const SECONDS = arg('seconds', sized(60, 3));
/** Simulated Proxmox hosts (a Pro licence takes 10) and their guests in all. */
const HOSTS = arg('hosts', sized(10, 2));
const GUESTS = arg('guests', sized(500, 8));
/** How often a user reads its task until it ends: by default as the web app does (400 ms). */
const TASK_POLL_MS = arg('task-poll-ms', 400);
/** An empty PostgreSQL database to run against instead of the embedded PGlite. */
const DATABASE_URL = process.argv.includes('--database-url')
  ? process.argv[process.argv.indexOf('--database-url') + 1]
  : undefined;
/** Writes a CPU profile of the portal over the timed span to this file (run with NODE_OPTIONS=--experimental-websocket). */
const PROFILE = process.argv.includes('--profile') ? process.argv[process.argv.indexOf('--profile') + 1] : undefined;
const ADMIN = { email: 'soak-admin@example.test', password: 'soak-admin-password-1' };
const OWNER_EMAIL = 'soak-owner@example.test';

async function main() {
  announceSmoke('soak');
  console.log(`soak: ${USERS} users for ${SECONDS} s against ${HOSTS} simulated hosts (${GUESTS} guests)`);
  const fleet = await startFleet(generateFleet({ nodes: HOSTS, guests: GUESTS, seed: 3, latencyMs: 5, pbs: false }), {
    taskDurationMs: 200,
  });
  const portal = await startBenchPortal(
    {
      RATE_LIMIT_ENABLED: 'false',
      HOST_ADDRESS_POLICY: 'any', // the simulated hosts listen on 127.0.0.1
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      LOG_LEVEL: 'warn',
      PROXAI_ADMIN_EMAIL: ADMIN.email,
      PROXAI_ADMIN_PASSWORD: ADMIN.password,
      ...(PROFILE ? { NODE_OPTIONS: '--inspect=127.0.0.1:0' } : {}),
    },
    [ADMIN.password],
  );
  const base = portal.url;
  try {
    // The organisation: its owner, a Pro licence (10 hosts), the hosts.
    const ownerToken = await signInByCode(base, OWNER_EMAIL);
    const me = await json<{ organisation_id: string }>(`${base}/api/auth/me`, { token: ownerToken });
    await issueLicence(base, ADMIN, me.body.organisation_id, 'pro');
    for (const n of fleet.nodes) {
      const res = await json(`${base}/api/hosts`, { method: 'POST', token: ownerToken, body: tokenHostBody(n) });
      if (res.status !== 201) throw new Error(`add host ${res.status}: ${detailOf(res.body)}`);
    }
    // Steady state: a new host's history backfill (rrddata, once, about 2 requests a second per host for a few
    // minutes) is over before the clock starts; its progress is printed while waiting.
    const settled = Date.now();
    for (;;) {
      const read = await json<MetricsCollection>(`${base}/api/metrics/collection`, { token: ownerToken });
      if (read.status !== 200) throw new Error(`metrics collection ${read.status}: ${detailOf(read.body)}`);
      const collection = read.body;
      const states = collection.hosts.map((h) => h.backfill?.state ?? 'none');
      if (states.length === fleet.nodes.length && states.every((s) => s === 'done' || s === 'failed')) break;
      if (Date.now() - settled > 15 * 60_000) throw new Error(`backfill not over after 15 min: ${states.join(', ')}`);
      const done = collection.hosts.reduce((n, h) => n + (h.backfill?.done ?? 0), 0);
      const total = collection.hosts.reduce((n, h) => n + (h.backfill?.total ?? 0), 0);
      // A smoke run measures nothing, so it does not wait for steady state (even a tiny fleet's backfill takes
      // most of a minute at 2 requests a second per host).
      if (SMOKE) {
        console.log(`smoke: not waiting for the history backfill (${states.join(', ')}; ${done}/${total} subjects)`);
        break;
      }
      console.log(`waiting for the history backfill: ${done}/${total} subjects`);
      await new Promise((r) => setTimeout(r, 15_000));
    }
    if (!SMOKE) console.log(`backfill over after ${((Date.now() - settled) / 1000).toFixed(0)} s`);
    // Every host polled once, so its guests are listed (a long backfill wait covered this; a smoke run has none).
    const polling = Date.now();
    for (;;) {
      const listed = (await json<{ last_sync_at: string | null }[]>(`${base}/api/hosts`, { token: ownerToken })).body;
      if (listed.length === fleet.nodes.length && listed.every((h) => h.last_sync_at)) break;
      if (Date.now() - polling > 60_000) throw new Error(`hosts not all polled after 60 s: ${JSON.stringify(listed)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const guests = (await json<{ id: string; vmid: number; state: string }[]>(`${base}/api/vms`, { token: ownerToken })).body;
    if (guests.length === 0) throw new Error('the portal lists no guest');
    // Every simulated user signs in once (same account, its own session) and owns one guest to act on.
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(await signInByCode(base, OWNER_EMAIL));
    const rssBefore = await portalRssMb(base);
    const stopProfile = PROFILE ? await startCpuProfile(inspectorUrl(portal.output)) : undefined;

    const latencies: number[] = [];
    const byLabel = new Map<string, number[]>();
    const errors: string[] = [];
    let requests = 0;
    const deadline = Date.now() + SECONDS * 1000;
    /** Times one request; true when its status was the expected one. */
    const timed = async (
      label: string,
      fn: () => Promise<{ status: number; body?: unknown }>,
      ok: (s: number) => boolean,
    ): Promise<boolean> => {
      const t0 = performance.now();
      try {
        const { status, body } = await fn();
        const ms = performance.now() - t0;
        latencies.push(ms);
        const key = label.replace(/ (start|stop)$/, '');
        byLabel.set(key, [...(byLabel.get(key) ?? []), ms]);
        requests++;
        if (ok(status)) return true;
        errors.push(`${label} ${status} ${JSON.stringify((body as { detail?: string } | undefined)?.detail ?? '')}`);
      } catch (err) {
        errors.push(`${label} ${(err as Error).message}`);
      }
      return false;
    };
    await Promise.all(
      tokens.map(async (token, i) => {
        const guest = guests[i % guests.length]!;
        let state = guest.state;
        for (let round = 0; Date.now() < deadline; round++) {
          await timed(
            'GET /vms',
            () => json(`${base}/api/vms`, { token }),
            (s) => s === 200,
          );
          await timed(
            'GET /stats',
            () => json(`${base}/api/stats`, { token }),
            (s) => s === 200,
          );
          await timed(
            'GET /hosts',
            () => json(`${base}/api/hosts`, { token }),
            (s) => s === 200,
          );
          if (round % 5 === 0)
            await timed(
              'GET /proxai/advice',
              () => json(`${base}/api/proxai/advice?context=general`, { token }),
              (s) => s === 200,
            );
          if (round % 3 === 0 && i < guests.length) {
            const action = state === 'running' ? 'stop' : 'start';
            // The action answers 202 with a task at once (that answer is what is timed); the user then follows
            // the task to its end before acting on the guest again.
            let taskId: string | undefined;
            const done = await timed(
              `POST action ${action}`,
              async () => {
                const res = await json<{ task_id?: string }>(`${base}/api/vms/${guest.id}/action`, {
                  method: 'POST',
                  token,
                  body: JSON.stringify({ action, vmid: guest.vmid }),
                });
                taskId = res.body?.task_id;
                return res;
              },
              (s) => s === 202,
            );
            if (done && taskId) {
              const ended = await followTask(base, token, taskId, TASK_POLL_MS);
              if (ended === 'succeeded') state = state === 'running' ? 'stopped' : 'running';
              else errors.push(`task ${action} ended ${ended}`);
            }
          }
        }
      }),
    );
    if (stopProfile && PROFILE) {
      await stopProfile(PROFILE);
      console.log(`CPU profile of the timed span: ${PROFILE} (summary: npx tsx bench/support/profile-summary.ts ${PROFILE})`);
    }
    const rssAfter = await portalRssMb(base);
    latencies.sort((a, b) => a - b);
    console.log(`requests: ${requests} in ${SECONDS} s (${(requests / SECONDS).toFixed(0)} req/s)`);
    console.log(`errors: ${errors.length}${errors.length ? ` (first: ${errors.slice(0, 5).join('; ')})` : ''}`);
    console.log(
      `latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${latencies.at(-1)?.toFixed(1)}`,
    );
    for (const [label, values] of byLabel) {
      values.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(22)} n=${String(values.length).padStart(6)}  p50 ${percentile(values, 50).toFixed(1)}  p99 ${percentile(values, 99).toFixed(1)}  max ${values.at(-1)?.toFixed(1)} ms`,
      );
    }
    console.log(`server RSS: before ${rssBefore.toFixed(0)} MB, after ${rssAfter.toFixed(0)} MB`);
    process.exitCode = errors.length === 0 ? 0 : 1;
  } finally {
    await portal.stop();
    await fleet.close();
  }
}

await main();
