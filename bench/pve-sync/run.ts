/**
 * pve-sync benchmark: 10 simulated nodes, 50 ms latency each. Times one sync round (every node's
 * guest lists with their status, plus node status) for all nodes in parallel against one node
 * alone, in the same run, and prints the ratio (target <= 1.3) and the peak RSS of this (client)
 * process. The simulator runs in a child process so its CPU and memory are not counted here.
 *
 * "10 nodes x 500 guests" is run both ways: 500 guests in total (`sim --nodes 10 --guests 500`,
 * 50 per node) and 500 guests on every node (5000 in total).
 *
 *   npx tsx bench/pve-sync/run.ts [--nodes 10] [--guests-per-node 50,500] [--latency-ms 50] [--runs 9] [--deep]
 *
 * --deep adds a second workload: status/current of every guest (8 requests in flight per node). --smoke: 2 nodes x 5
 * guests, 5 ms latency, 2 runs, --deep included (the path, not the figures).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PveClient } from '@proxai/pve-client';
import { announceSmoke, SMOKE, sized } from '../support/smoke';

interface SimNodeInfo {
  name: string;
  url: string;
  fingerprint: string;
  tokenId: string;
  tokenSecret: string;
}

const { values } = parseArgs({
  options: {
    nodes: { type: 'string' },
    'guests-per-node': { type: 'string' },
    'latency-ms': { type: 'string' },
    runs: { type: 'string' },
    deep: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
  },
});
const NODES = Number(values.nodes ?? sized('10', '2'));
const SCENARIOS = (values['guests-per-node'] ?? sized('50,500', '5')).split(',').map(Number);
const LATENCY = Number(values['latency-ms'] ?? sized('50', '5'));
const RUNS = Number(values.runs ?? sized('9', '2'));
const DEEP = values.deep || SMOKE;

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Starts the simulator CLI in a child process and reads its JSON connection info. */
async function startSim(GUESTS: number): Promise<{ child: ChildProcess; nodes: SimNodeInfo[]; startMs: number }> {
  const args = ['--import', 'tsx', 'packages/pve-sim/src/cli.ts', '--json', '--no-pbs', '--auth-delay-ms', '0'];
  args.push('--nodes', String(NODES), '--guests', String(NODES * GUESTS), '--latency-ms', String(LATENCY), '--seed', '1');
  const t = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let json = '';
  for await (const line of createInterface({ input: child.stdout })) {
    json += `${line}\n`;
    if (line === '}') break;
  }
  const info = JSON.parse(json) as { nodes: SimNodeInfo[] };
  return { child, nodes: info.nodes, startMs: performance.now() - t };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

async function syncRound(c: PveClient, node: string): Promise<number> {
  const [qemu, lxc] = await Promise.all([c.qemuList(node), c.lxcList(node), c.nodeStatus(node)]);
  return qemu.length + lxc.length;
}

/** status/current of every guest, at most `width` requests in flight for the node. */
async function deepRound(c: PveClient, node: string, width = 8): Promise<number> {
  const [qemu, lxc] = await Promise.all([c.qemuList(node), c.lxcList(node)]);
  const guests = [...qemu.map((g) => ['qemu', g.vmid] as const), ...lxc.map((g) => ['lxc', g.vmid] as const)];
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < guests.length) {
        const [type, vmid] = guests[next++]!;
        await c.guestStatus(node, type, vmid);
        done++;
      }
    }),
  );
  return done;
}

async function measure(
  label: string,
  clients: { c: PveClient; name: string }[],
  round: (c: PveClient, node: string) => Promise<number>,
  runs: number,
): Promise<void> {
  const first = clients[0]!;
  await Promise.all(clients.map(({ c, name }) => round(c, name))); // warm-up: sockets, JIT
  const single: number[] = [];
  const all: number[] = [];
  let guests = 0;
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await round(first.c, first.name);
    single.push(performance.now() - t);
    t = performance.now();
    const counts = await Promise.all(clients.map(({ c, name }) => round(c, name)));
    all.push(performance.now() - t);
    guests = counts.reduce((a, b) => a + b, 0);
  }
  const s = median(single);
  const a = median(all);
  const fmt = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`\n${label}`);
  console.log(
    `  one node alone      : median ${s.toFixed(1)} ms, min ${Math.min(...single).toFixed(1)} ms (runs ${fmt(single)})`,
  );
  console.log(
    `  ${clients.length} nodes in parallel: median ${a.toFixed(1)} ms, min ${Math.min(...all).toFixed(1)} ms (runs ${fmt(all)}; ${guests} guests)`,
  );
  console.log(
    `  ratio               : ${(a / s).toFixed(2)} of medians, ${(Math.min(...all) / Math.min(...single)).toFixed(2)} of minimums (target <= 1.3)`,
  );
}

async function scenario(guestsPerNode: number): Promise<void> {
  const sim = await startSim(guestsPerNode);
  try {
    console.log(
      `\n=== ${NODES} nodes x ${guestsPerNode} guests (${NODES * guestsPerNode} in total), ${LATENCY} ms latency per answer` +
        ` (simulator pid ${sim.child.pid}, ready in ${sim.startMs.toFixed(0)} ms incl. process start)`,
    );
    const clients = sim.nodes.map((n) => ({
      name: n.name,
      c: new PveClient({
        baseUrl: n.url,
        fingerprint: n.fingerprint,
        auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      }),
    }));
    const cpu = process.cpuUsage();
    await measure('sync round: qemu list + lxc list + node status per node', clients, syncRound, RUNS);
    if (DEEP)
      await measure(
        'deep round: lists + status/current of every guest (8 in flight per node)',
        clients,
        deepRound,
        Math.min(RUNS, 3),
      );
    const used = process.cpuUsage(cpu);
    console.log(`  client CPU for this scenario: ${((used.user + used.system) / 1000).toFixed(0)} ms`);
    await Promise.all(clients.map(({ c }) => c.close()));
  } finally {
    sim.child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  announceSmoke('pve-sync');
  console.log(
    `pve-sync benchmark (node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  for (const g of SCENARIOS) await scenario(g);
  console.log(`\npeak RSS of the client process: ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MiB`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
