// Metric store: bytes per guest for 400 days of history, the 30-day chart of one guest, the ingest of one minute.
// 10 nodes × 500 guests on PGlite (in process, so process CPU = server CPU). The stored tiers of 400 days are
// generated directly (1 h steps for 400 days, 5 min for 30 days, 1 min for 48 h; 9 metrics, avg and max, noisy
// series: see profile()). The baseline, measured in the same run: one row per sample (subject, metric, step, avg,
// max) for a few guests.
// Usage: npx tsx bench/metrics-store/run.ts [--history-guests 1000] [--baseline-guests 3] [--queries 200]
//        [--smoke]   (2 guests of history, 2 hosts × 10 guests ingested, 3 charts: the path, not the figures)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { guests, hosts, organisations } from '../../apps/server/src/db/schema';
import {
  blockSeconds,
  blockStartOf,
  saveBlocks,
  TIERS,
  type StoredBlock,
  type TierSeconds,
} from '../../apps/server/src/modules/metrics/store/blocks';
import { METRIC_INDEX, type MetricName } from '../../apps/server/src/modules/metrics/store/catalogue';
import { emptyPair, type Block } from '../../apps/server/src/modules/metrics/store/codec';
import { querySeries, recordPoll, runRollup } from '../../apps/server/src/modules/metrics/store';
import { openBenchDatabase } from '../support/database';
import { announceSmoke, sized } from '../support/smoke';
import { percentile } from '../support/stats';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const NODES = sized(10, 2);
const GUESTS_PER_NODE = sized(500, 10);
/** The guests of the ingest (5,000 in a full run). */
const FLEET_GUESTS = (NODES * GUESTS_PER_NODE).toLocaleString('en');
const HISTORY_GUESTS = Number(arg('history-guests', sized('1000', '2')));
const BASELINE_GUESTS = Number(arg('baseline-guests', sized('3', '1')));
const QUERIES = Number(arg('queries', sized('200', '3')));
/** PGlite's data directory: on disk by default, as a deployment keeps it (DATA_DIR); 'memory://' keeps it in memory. */
const DATA_DIR = arg('data-dir', path.join(os.tmpdir(), `metrics-bench-${Date.now()}`));
/** --profile ingest|rollup|query: writes that section's CPU profile to /tmp/metrics-<section>.cpuprofile. */
const PROFILE = arg('profile', '');
async function profiled<T>(section: string, fn: () => Promise<T>): Promise<T> {
  if (PROFILE !== section) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const out = await fn();
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(`/tmp/metrics-${section}.cpuprofile`, JSON.stringify(profile));
  session.disconnect();
  return out;
}
const NOW = Math.floor(Date.UTC(2026, 10, 24, 12, 0, 30) / 1000);
const DAY = 86400;

/** Deterministic pseudo-random numbers (mulberry32) and a normal deviate. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());
  return { next, normal };
}

const METRICS: MetricName[] = ['cpu', 'mem', 'maxmem', 'maxdisk', 'disk', 'netin', 'netout', 'diskread', 'diskwrite'];

/**
 * A guest's series: a daily cycle, a weekly drift and noise that shrinks with the step (an average of more samples):
 * CPU ±25 % of its level per minute, memory ±1 %, network and disk I/O log-normal (×/÷ 1.8 per minute).
 */
function profile(seed: number) {
  const r = rng(seed);
  const cpuBase = Math.exp(Math.log(0.01) + r.next() * Math.log(50));
  const maxmem = [2, 4, 8, 16][Math.floor(r.next() * 4)]! * 2 ** 30;
  const memFrac = 0.3 + r.next() * 0.6;
  const maxdisk = [32, 64, 128][Math.floor(r.next() * 3)]! * 2 ** 30;
  const io = METRICS.slice(5).map(() => Math.exp(Math.log(1e3) + r.next() * Math.log(5e4)));
  const phase = r.next() * 2 * Math.PI;
  return (t: number, step: number): Record<MetricName, [number, number]> | null => {
    const k = Math.sqrt(step / 60);
    const day = 1 + 0.4 * Math.sin((2 * Math.PI * t) / DAY + phase);
    const cpu = Math.min(1, cpuBase * day * Math.max(0.05, 1 + (0.25 / k) * r.normal()));
    const mem = maxmem * Math.min(0.98, memFrac + 0.05 * Math.sin((2 * Math.PI * t) / (7 * DAY))) * (1 + (0.01 / k) * r.normal());
    const disk = maxdisk * (0.4 + 0.1 * (t / (400 * DAY)));
    const out = {
      cpu: [cpu, Math.min(1, cpu * (1 + Math.abs(r.normal()) * 0.5))],
      mem: [mem, Math.min(maxmem, mem * (1 + 0.01 * Math.abs(r.normal())))],
      maxmem: [maxmem, maxmem],
      maxdisk: [maxdisk, maxdisk],
      disk: [disk, disk],
    } as Record<MetricName, [number, number]>;
    METRICS.slice(5).forEach((m, i) => {
      const v = io[i]! * day * Math.exp((0.6 / k) * r.normal());
      out[m] = [v, v * Math.exp(Math.abs(r.normal()) * 0.7)];
    });
    return out;
  };
}

/** The stored blocks of one guest: every tier over its whole retention (and the oldest block kept whole), up to NOW. */
function guestBlocks(org: string, id: string, seed: number): { blocks: StoredBlock[]; values: number } {
  const series = profile(seed);
  const blocks: StoredBlock[] = [];
  let values = 0;
  for (const tier of [3600, 300, 60] as TierSeconds[]) {
    // Retention drops a block once its whole period is past the tier's age: at worst a block's worth of older steps
    // is still there, and counted here.
    const from = blockStartOf(tier, NOW - TIERS[tier].keepSeconds);
    for (let start = blockStartOf(tier, from); start <= NOW; start += blockSeconds(tier)) {
      const n = TIERS[tier].blockSteps;
      const block: Block = { n, series: new Map(METRICS.map((m) => [METRIC_INDEX.get(m)!, emptyPair(n)])) };
      for (let j = 0; j < n; j++) {
        const t = start + j * tier;
        if (t < from || t + tier > NOW) continue;
        const v = series(t, tier)!;
        for (const m of METRICS) {
          const pair = block.series.get(METRIC_INDEX.get(m)!)!;
          [pair.avg[j], pair.max[j]] = v[m];
          values += 2;
        }
      }
      blocks.push({ organisationId: org, kind: 'guest', id, tier, start, block });
    }
  }
  return { blocks, values };
}

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

async function main() {
  announceSmoke('metrics-store');
  const database = await openBenchDatabase({ dataDir: DATA_DIR });
  const db = database.db;
  const [org] = await db.insert(organisations).values({ name: 'bench' }).returning();
  const orgId = org!.id;

  // 1. History of HISTORY_GUESTS guests.
  const ids = Array.from({ length: HISTORY_GUESTS }, () => randomUUID());
  let values = 0;
  const genStart = Date.now();
  let pending: StoredBlock[] = [];
  for (const [i, id] of ids.entries()) {
    const g = guestBlocks(orgId, id, i + 1);
    values += g.values;
    pending.push(...g.blocks);
    if (pending.length >= 2000) {
      await saveBlocks(db, pending);
      pending = [];
    }
  }
  await saveBlocks(db, pending);
  await db.execute(sql`vacuum analyze metric_blocks`);
  const total = rows<{ n: number }>(await db.execute(sql`select pg_total_relation_size('metric_blocks')::float8 as n`))[0]!.n;
  const data = rows<{ n: number }>(await db.execute(sql`select sum(octet_length(data))::float8 as n from metric_blocks`))[0]!.n;
  const perGuest = total / HISTORY_GUESTS;
  const parts = rows<{ heap: number; toast: number; idx: number; n: number }>(
    await db.execute(sql`select pg_relation_size('metric_blocks')::float8 as heap,
      pg_total_relation_size(reltoastrelid)::float8 as toast, pg_indexes_size('metric_blocks')::float8 as idx,
      (select count(*) from metric_blocks)::float8 as n
      from pg_class where relname = 'metric_blocks'`),
  )[0]!;
  console.log(
    `history: ${HISTORY_GUESTS} guests, ${Math.round(values / HISTORY_GUESTS)} values each, generated in ${((Date.now() - genStart) / 1000).toFixed(0)} s`,
  );
  console.log(
    `bytes per guest (table + indexes + TOAST): ${(perGuest / 1024).toFixed(1)} KB (target ≤ 400 KB); block data alone ${(data / HISTORY_GUESTS / 1024).toFixed(1)} KB, ${(data / values).toFixed(2)} B/value; ${(parts.n / HISTORY_GUESTS).toFixed(0)} rows per guest: heap ${(parts.heap / HISTORY_GUESTS / 1024).toFixed(1)} KB, TOAST ${(parts.toast / HISTORY_GUESTS / 1024).toFixed(1)} KB, indexes ${(parts.idx / HISTORY_GUESTS / 1024).toFixed(1)} KB`,
  );

  // 2. Ingest of one minute of the fleet (10 hosts × 500 guests in a full run), each host polled 3 times (recordPoll:
  // storages, counters, one staging row).
  const hostRows = await db
    .insert(hosts)
    .values(
      Array.from({ length: NODES }, (_, i) => ({
        organisationId: orgId,
        name: `pve${i + 1}`,
        pveUrl: `https://10.0.0.${i + 1}:8006`,
        pveNode: `pve${i + 1}`,
        username: 'root@pam',
        authType: 'token' as const,
        secretEncrypted: 'x',
      })),
    )
    .returning();
  for (const h of hostRows) {
    await db.insert(guests).values(
      Array.from({ length: GUESTS_PER_NODE }, (_, k) => ({
        hostId: h.id,
        organisationId: orgId,
        vmid: 100 + k,
        node: h.pveNode,
        type: 'qemu' as const,
        name: `vm${k}`,
        state: 'running',
      })),
    );
  }
  const r = rng(7);
  const resources = (h: (typeof hostRows)[number], t: number) => [
    {
      id: `node/${h.pveNode}`,
      type: 'node',
      node: h.pveNode,
      status: 'online',
      cpu: r.next(),
      maxcpu: 64,
      mem: 2e11,
      maxmem: 5e11,
      disk: 1e10,
      maxdisk: 1e11,
    },
    ...['local', 'local-lvm', 'nfs'].map((s) => ({
      id: `storage/${h.pveNode}/${s}`,
      type: 'storage',
      storage: s,
      node: h.pveNode,
      plugintype: 'dir',
      status: 'available',
      shared: 0,
      content: 'images',
      disk: 1e11 * r.next(),
      maxdisk: 1e12,
    })),
    ...Array.from({ length: GUESTS_PER_NODE }, (_, k) => ({
      id: `qemu/${100 + k}`,
      type: 'qemu',
      vmid: 100 + k,
      node: h.pveNode,
      status: 'running',
      name: `vm${k}`,
      maxcpu: 4,
      cpu: r.next() * 0.3,
      mem: 2e9 * (1 + r.next() * 0.1),
      maxmem: 4e9,
      disk: 0,
      maxdisk: 3.4e10,
      uptime: 1e5 + t,
      netin: (1e5 + k) * t,
      netout: (2e5 + k) * t,
      diskread: (3e5 + k) * t,
      diskwrite: (4e5 + k) * t,
    })),
  ];
  const minute = Math.floor(NOW / 60) * 60 - 120;
  // A warm-up poll per host (its counters give the first minute's rates).
  for (const h of hostRows)
    await recordPoll(db, {
      organisationId: orgId,
      host: h,
      members: [h],
      resources: resources(h, minute - 200) as never,
      readAt: new Date((minute - 200) * 1000),
    });
  // A running store has rolled its tiers up to the current hour: the compaction measured below is that of the minutes.
  const hour = Math.floor(NOW / 3600) * 3600;
  await db.execute(sql`insert into metric_state (key, value) values ('rolled_300', ${hour}), ('rolled_3600', ${hour})`);
  // Three minutes in a row (the counters reach the database once a minute per host); the median minute is reported.
  const minutes: { cpu: number; wall: number }[] = [];
  await profiled('ingest', async () => {
    for (let m = 0; m < 3; m++) {
      const c = process.cpuUsage();
      const w = Date.now();
      for (const s of [0, 20, 40]) {
        const t = minute - 180 + m * 60 + s;
        for (const h of hostRows)
          await recordPoll(db, {
            organisationId: orgId,
            host: h,
            members: [h],
            resources: resources(h, t) as never,
            readAt: new Date(t * 1000),
          });
      }
      minutes.push({ cpu: cpuMs(c), wall: Date.now() - w });
    }
  });
  minutes.sort((a, b) => a.cpu - b.cpu);
  const ingestCpu = minutes[1]!.cpu;
  console.log(
    `ingest of one minute, ${FLEET_GUESTS} guests (${NODES * 3} polls through recordPoll), median of 3: ${ingestCpu.toFixed(0)} ms CPU, ${minutes[1]!.wall} ms wall (target ≤ 250 ms CPU; minutes: ${minutes.map((x) => x.cpu.toFixed(0)).join(', ')} ms)`,
  );
  let start = process.cpuUsage();
  let wall = Date.now();
  start = process.cpuUsage();
  wall = Date.now();
  const rolled = await profiled('rollup', () => runRollup(db, new Date((minute + 90) * 1000)));
  console.log(
    `its compaction into the 1-minute tier (rollup job, ${rolled.minutes} min of ${FLEET_GUESTS} guests): ${cpuMs(start).toFixed(0)} ms CPU, ${Date.now() - wall} ms wall`,
  );

  // 3. The 30-day chart of one guest.
  const times: number[] = [];
  const queryStart = process.cpuUsage();
  await profiled('query', async () => {
    for (let q = 0; q < QUERIES; q++) {
      const id = ids[Math.floor(r.next() * ids.length)]!;
      const t0 = performance.now();
      const s = await querySeries(db, orgId, { kind: 'guest', id }, '30d', q % 2 ? 'max' : 'avg', new Date(NOW * 1000));
      times.push(performance.now() - t0);
      if (s.t.length < 8000 || s.series['cpu']!.filter((v) => v !== null).length < 8000) throw new Error('short series');
    }
  });
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const queryCpu = cpuMs(queryStart) / QUERIES;
  console.log(
    `30-day chart of one guest (8,640 points): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms wall (target ≤ 50 ms); ${queryCpu.toFixed(1)} ms CPU per chart on average`,
  );

  // 4. Baseline: one row per sample, for BASELINE_GUESTS guests.
  await db.execute(sql`create table naive_samples (subject_id uuid, metric smallint, tier int, t timestamptz, avg real, max real,
    primary key (subject_id, metric, tier, t))`);
  let naiveCpu = 0;
  for (let g = 0; g < BASELINE_GUESTS; g++) {
    const history = guestBlocks(orgId, ids[g]!, g + 1).blocks;
    // A smoke run writes a few blocks' rows only: the whole history is ~190,000 rows, most of a minute's work.
    const blocks = sized(history, history.slice(-3));
    const batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await db.execute(sql.raw(`insert into naive_samples values ${batch.join(',')}`));
      batch.length = 0;
    };
    for (const b of blocks) {
      for (const [m, pair] of b.block.series) {
        for (let j = 0; j < b.block.n; j++) {
          if (Number.isNaN(pair.avg[j]!)) continue;
          batch.push(`('${b.id}',${m},${b.tier},to_timestamp(${b.start + j * b.tier}),${pair.avg[j]},${pair.max[j]})`);
          if (batch.length >= 5000) await flush();
        }
      }
    }
    await flush();
  }
  await db.execute(sql`vacuum analyze naive_samples`);
  const naiveTotal = rows<{ n: number }>(await db.execute(sql`select pg_total_relation_size('naive_samples')::float8 as n`))[0]!
    .n;
  const naivePerGuest = naiveTotal / BASELINE_GUESTS;
  const naiveTimes: number[] = [];
  for (let q = 0; q < Math.min(QUERIES, 50); q++) {
    const t0 = performance.now();
    await db.execute(sql`select metric, extract(epoch from t) as t, avg, max from naive_samples
      where subject_id = ${ids[q % BASELINE_GUESTS]!}::uuid and tier = 300 and t >= to_timestamp(${NOW - 30 * DAY}) order by metric, t`);
    naiveTimes.push(performance.now() - t0);
  }
  naiveTimes.sort((a, b) => a - b);
  // Its ingest: one row per sample of the same minute (3 polls per host × its guests × 12 figures).
  const fleet = Array.from({ length: NODES * GUESTS_PER_NODE }, () => randomUUID());
  start = process.cpuUsage();
  for (let p = 0; p < NODES * 3; p++) {
    const vals: string[] = [];
    for (let k = 0; k < GUESTS_PER_NODE; k++)
      for (let m = 0; m < 12; m++)
        vals.push(
          `('${fleet[(p % NODES) * GUESTS_PER_NODE + k]}',${m},0,to_timestamp(${minute + Math.floor(p / NODES) * 20}),${r.next()},${r.next()})`,
        );
    await db.execute(sql.raw(`insert into naive_samples values ${vals.join(',')}`));
  }
  naiveCpu = cpuMs(start);
  console.log(
    `baseline, one row per sample (${BASELINE_GUESTS} guests): ${(naivePerGuest / 1024).toFixed(0)} KB per guest, 30-day query p95 ${percentile(naiveTimes, 95).toFixed(1)} ms, one minute's ingest ${naiveCpu.toFixed(0)} ms CPU`,
  );
  console.log(
    `ratios (baseline / store): bytes ${(naivePerGuest / perGuest).toFixed(1)}×, 30-day query p95 ${(percentile(naiveTimes, 95) / p95).toFixed(1)}×, ingest CPU ${(naiveCpu / ingestCpu).toFixed(1)}×`,
  );
  await database.close();
  if (!DATA_DIR.startsWith('memory://')) fs.rmSync(DATA_DIR, { recursive: true, force: true });
}

await main();
