// Pollers: the load the portal puts on its Proxmox hosts, and how fresh the state it shows is.
// 100 simulated hosts × 50 guests answering after 50 ms, two portal replicas on one PostgreSQL, for 3 minutes:
// Proxmox requests per host per minute (target ≤ 6), state age p95 (target ≤ 30 s), the replicas' CPU.
// The baseline, measured in the same run: what one full read of a host costs, at the old global sweep's pace
// (every host read in full every 30 s).
// Usage: npm run build && npx tsx bench/pollers/run.ts [--hosts 100] [--guests 50] [--latency-ms 50] [--minutes 3]
//        [--database-url postgres://postgres@127.0.0.1:5432/test]   (a fresh database is made beside it)
//        [--smoke]   (3 hosts, a 5 s poll cycle, a few seconds measured: the path, not the figures)
import { randomBytes } from 'node:crypto';
import { generateFleet, startFleet } from '@proxai/pve-sim';
import pg from 'pg';
import { issueLicence } from '../support/admin';
import { detailOf, json, signInByCode, tokenHostBody } from '../support/api';
import { startBenchPortal } from '../support/portal';
import { freshPostgresDatabase } from '../support/postgres';
import { announceSmoke, sized } from '../support/smoke';
import { cpuSeconds, percentile, portalRssMb } from '../support/stats';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const HOSTS = Number(arg('hosts', sized('100', '3')));
const GUESTS_PER_HOST = Number(arg('guests', sized('50', '4')));
const LATENCY_MS = Number(arg('latency-ms', sized('50', '5')));
const MINUTES = Number(arg('minutes', sized('3', '0.15')));
/** A host's poll cycle (the server's SYNC_INTERVAL_SECONDS; 20 s by default, its minimum 5 s for a smoke run). */
const CYCLE_SECONDS = sized(20, 5);
/** The wait for steady state before measuring: one cycle and some. */
const SETTLE_MS = sized(25_000, 1_000);
/** A change on a host is made only while this much time is left for it to show (two cycles, or one and a bit). */
const CHANGE_MARGIN_MS = sized(40_000, 6_000);
const SERVER_URL = arg('database-url', 'postgres://postgres@127.0.0.1:5432/test');
const ADMIN = { email: 'pollers-admin@example.test', password: 'pollers-admin-password-1' };
const OWNER_EMAIL = 'pollers-owner@example.test';
/** The old interval scheduler's default: every host read in full every 30 s. */
const OLD_SWEEP_SECONDS = 30;

async function main() {
  announceSmoke('pollers');
  console.log(
    `pollers: ${HOSTS} hosts × ${GUESTS_PER_HOST} guests, ${LATENCY_MS} ms latency, 2 replicas, ${CYCLE_SECONDS} s cycle, ${MINUTES} min`,
  );
  const fleet = await startFleet(
    generateFleet({ nodes: HOSTS, guests: HOSTS * GUESTS_PER_HOST, seed: 11, latencyMs: LATENCY_MS, pbs: false }),
    { taskDurationMs: 200 },
  );
  const database = await freshPostgresDatabase(SERVER_URL, 'bench_pollers', 'pollers needs PostgreSQL (two replicas share it)');
  const env = {
    // Replicas share the key that seals host credentials (else each generates its own and cannot read the other's).
    PROXAI_SECRET_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_ENABLED: 'false',
    HOST_ADDRESS_POLICY: 'any', // the simulated hosts listen on 127.0.0.1
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    SYNC_INTERVAL_SECONDS: String(CYCLE_SECONDS),
    PROXAI_ADMIN_EMAIL: ADMIN.email,
    PROXAI_ADMIN_PASSWORD: ADMIN.password,
  };
  const a = await startBenchPortal(env, [ADMIN.password]);
  const b = await startBenchPortal(env, [ADMIN.password]);
  try {
    const token = await signInByCode(a.url, OWNER_EMAIL);
    const me = await json<{ organisation_id: string }>(`${a.url}/api/auth/me`, { token });
    await issueLicence(a.url, ADMIN, me.body.organisation_id, 'enterprise');
    const added = Date.now();
    const queue = [...fleet.nodes];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let n = queue.shift(); n; n = queue.shift()) {
          const res = await json(`${a.url}/api/hosts`, { method: 'POST', token, body: tokenHostBody(n) });
          if (res.status !== 201) throw new Error(`add host ${res.status}: ${detailOf(res.body)}`);
        }
      }),
    );
    console.log(`added ${HOSTS} hosts in ${((Date.now() - added) / 1000).toFixed(1)} s`);
    const hosts = (await json<{ id: string; name: string }[]>(`${a.url}/api/hosts`, { token })).body;

    // Baseline: one full read of one host (what the old sweep did to every host every 30 s).
    const probe = fleet.nodes[0]!;
    fleet.resetRequestStats(probe.name);
    const synced = await json(`${a.url}/api/hosts/${hosts.find((h) => h.name === probe.name)!.id}/sync`, {
      method: 'POST',
      token,
    });
    if (synced.status !== 200) throw new Error(`sync ${synced.status}: ${detailOf(synced.body)}`);
    const fullRead = fleet.requestStats(probe.name).total;

    // Steady state: one cycle to settle, then measure.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    fleet.resetRequestStats();
    const cpuBefore = [await cpuSeconds(a.url), await cpuSeconds(b.url)];
    const started = Date.now();
    const ages: number[] = [];
    const changeDelays: number[] = [];
    const deadline = started + MINUTES * 60_000;
    // State age: how old each host's last successful poll is, sampled through replica B every 2 s.
    const sampleAges = async () => {
      while (Date.now() < deadline) {
        const list = (await json<{ last_sync_at: string | null }[]>(`${b.url}/api/hosts`, { token })).body;
        const now = Date.now();
        for (const h of list) if (h.last_sync_at) ages.push((now - Date.parse(h.last_sync_at)) / 1000);
        await new Promise((r) => setTimeout(r, 2000));
      }
    };
    // A change made on a host outside the portal: how long until replica B shows it.
    const sampleChanges = async () => {
      let i = 0;
      while (Date.now() + CHANGE_MARGIN_MS < deadline) {
        const node = fleet.nodes[(i * 37) % fleet.nodes.length]!;
        const sim = fleet.node(node.name);
        const guest = [...sim.guests.values()].filter((g) => !g.template)[i % 10]!;
        i++;
        const next = guest.status === 'running' ? 'stopped' : 'running';
        guest.status = next;
        const t0 = Date.now();
        for (;;) {
          const vms = (await json<{ vmid: number; node: string; state: string }[]>(`${b.url}/api/vms`, { token })).body;
          if (vms.find((v) => v.vmid === guest.vmid && v.node === node.name)?.state === next) break;
          if (Date.now() - t0 > 60_000) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        changeDelays.push((Date.now() - t0) / 1000);
        await new Promise((r) => setTimeout(r, 3000));
      }
    };
    await Promise.all([sampleAges(), sampleChanges(), new Promise((r) => setTimeout(r, deadline - Date.now()))]);
    const minutes = (Date.now() - started) / 60_000;
    const cpuAfter = [await cpuSeconds(a.url), await cpuSeconds(b.url)];
    // Fleet state is the poller's budget; VM memory from the guest agent (AGENT_READS_PER_HOST_PER_MINUTE) and a new
    // host's history backfill (rrddata, once) are counted apart (issue 18).
    const kinds = fleet.nodes.map((n) => {
      const split = { state: 0, agent: 0, history: 0 };
      for (const [path, count] of Object.entries(fleet.requestStats(n.name).by_path)) {
        if (/\/agent\//.test(path)) split.agent += count;
        else if (/\/rrddata$/.test(path)) split.history += count;
        else split.state += count;
      }
      return split;
    });
    const perHost = kinds.map((k) => k.state / minutes).sort((x, y) => x - y);
    const agentPerHost = kinds.map((k) => k.agent / minutes).sort((x, y) => x - y);
    const history = kinds.reduce((s, k) => s + k.history, 0);
    if (process.argv.includes('--verbose'))
      for (const n of fleet.nodes.slice(0, 5)) console.log(n.name, JSON.stringify(fleet.requestStats(n.name).by_path));
    const mean = perHost.reduce((s, x) => s + x, 0) / perHost.length;
    const baseline = fullRead * (60 / OLD_SWEEP_SECONDS);
    ages.sort((x, y) => x - y);
    changeDelays.sort((x, y) => x - y);
    const cpu = cpuAfter.map((c, i) => ((c - cpuBefore[i]!) / (minutes * 60)) * 100);
    console.log(`Proxmox requests per host per minute: mean ${mean.toFixed(2)}, max ${perHost.at(-1)!.toFixed(2)} (target ≤ 6)`);
    console.log(
      `beside it: guest-agent reads per host per minute mean ${(agentPerHost.reduce((a, b) => a + b, 0) / agentPerHost.length).toFixed(2)}, max ${agentPerHost.at(-1)!.toFixed(2)} (budget 20); history backfill ${history} rrddata reads in all (once per new host)`,
    );
    console.log(
      `baseline: one full read = ${fullRead} requests; the old 30 s sweep = ${baseline.toFixed(1)} per host per minute; ratio ${(mean / baseline).toFixed(2)}`,
    );
    console.log(
      `state age (now − last poll): p50 ${percentile(ages, 50).toFixed(1)} s, p95 ${percentile(ages, 95).toFixed(1)} s, max ${ages.at(-1)?.toFixed(1)} s (target p95 ≤ 30 s; add Proxmox's own ~10 s)`,
    );
    console.log(
      `a change on a host shown by the other replica after: p50 ${percentile(changeDelays, 50).toFixed(1)} s, p95 ${percentile(changeDelays, 95).toFixed(1)} s (${changeDelays.length} changes)`,
    );
    // Where a poll's time goes: waiting in the queue, then running; and how the hosts stand.
    const diag = new pg.Client({ connectionString: database.url });
    await diag.connect();
    const jobs = await diag.query(
      `select count(*)::int as n,
              percentile_cont(0.5) within group (order by extract(epoch from started_on - created_on)) as wait_p50,
              percentile_cont(0.95) within group (order by extract(epoch from started_on - created_on)) as wait_p95,
              percentile_cont(0.5) within group (order by extract(epoch from completed_on - started_on)) as run_p50,
              percentile_cont(0.95) within group (order by extract(epoch from completed_on - started_on)) as run_p95
       from pgboss.job where name = 'host-poll' and created_on >= $1 and completed_on is not null`,
      [new Date(started)],
    );
    const states = await diag.query(
      `select status, count(*)::int as n, avg(poll_failures)::float as failures from hosts group by status`,
    );
    await diag.end();
    const j = jobs.rows[0] as { n: number; wait_p50: number; wait_p95: number; run_p50: number; run_p95: number };
    console.log(
      `host polls: ${j.n} in ${minutes.toFixed(1)} min; queue wait p50 ${Number(j.wait_p50).toFixed(2)} s, p95 ${Number(j.wait_p95).toFixed(2)} s; run p50 ${Number(j.run_p50).toFixed(2)} s, p95 ${Number(j.run_p95).toFixed(2)} s`,
    );
    console.log(
      `hosts: ${states.rows.map((r: { status: string; n: number; failures: number }) => `${r.n} ${r.status} (failures ${r.failures.toFixed(1)})`).join(', ')}`,
    );
    console.log(
      `replica CPU: ${cpu.map((c) => `${c.toFixed(1)} %`).join(', ')} of one core; RSS ${(await portalRssMb(a.url)).toFixed(0)} MB, ${(await portalRssMb(b.url)).toFixed(0)} MB`,
    );
  } finally {
    // Both replicas and the fleet are stopped whatever happens; a replica whose log leaked a secret fails the run.
    for (const replica of [a, b])
      await replica.stop().catch((err: unknown) => {
        console.error(err);
        process.exitCode = 1;
      });
    await fleet.close();
    if (!process.argv.includes('--keep-database')) await database.drop();
    else console.log(`database kept: ${database.url}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
