import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startFleet } from './fleet';
import { parseFleetSpecJson } from './fleet-schema';
import { generateFleet } from './generator';
import type { FleetSpec } from './types';

/** `npm run sim -- --nodes 3 --guests 40`: starts a simulated fleet and prints how to reach it. */
const HELP = `Usage: sim [options]
  --nodes N           simulated PVE nodes (3)
  --cluster-size N    group consecutive nodes into clusters of N (default: every node standalone)
  --guests N          guests across all nodes (40)
  --seed N            generator seed (1)
  --latency-ms N      added to every answer (0)
  --no-pbs            no Proxmox Backup Server
  --host ADDR         listen address (127.0.0.1)
  --base-port P       node i on P+i, PBS on P+nodes (default: ephemeral ports)
  --task-ms N         task duration (1500)
  --auth-delay-ms N   delay before a failed-auth answer, like the real servers (3000)
  --spec FILE         load a fleet description (JSON, validated; see examples/) instead of generating one
  --write-spec FILE   save the generated FleetSpec
  --json              print the connection info as JSON
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '3' },
      'cluster-size': { type: 'string' },
      guests: { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' },
      'latency-ms': { type: 'string' },
      'no-pbs': { type: 'boolean', default: false },
      host: { type: 'string', default: '127.0.0.1' },
      'base-port': { type: 'string' },
      'task-ms': { type: 'string', default: '1500' },
      'auth-delay-ms': { type: 'string', default: '3000' },
      spec: { type: 'string' },
      'write-spec': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const int = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got '${v}'`);
    return n;
  };
  const latencyMs = int('latency-ms', values['latency-ms']);
  const clusterSize = int('cluster-size', values['cluster-size']);
  if (clusterSize !== undefined && values.spec)
    throw new Error('--cluster-size is for generated fleets; a fleet file lists its "clusters"');
  if ((int('nodes', values.nodes) ?? 1) < 1) throw new Error('--nodes must be at least 1');
  // The connection info may be piped into `head`: a closed stdout must not stop the simulator.
  process.stdout.on('error', () => {});
  const spec: FleetSpec = values.spec
    ? loadSpec(values.spec)
    : generateFleet({
        nodes: int('nodes', values.nodes) ?? 3,
        guests: int('guests', values.guests) ?? 40,
        seed: int('seed', values.seed) ?? 1,
        pbs: !values['no-pbs'],
        ...(clusterSize !== undefined ? { clusterSize } : {}),
        ...(latencyMs !== undefined ? { latencyMs } : {}),
      });
  if (values['write-spec']) writeFileSync(values['write-spec'], `${JSON.stringify(spec, null, 2)}\n`);
  const basePort = int('base-port', values['base-port']);
  const count = spec.nodes.length + (spec.pbs ? 1 : 0);
  const started = Date.now();
  const fleet = await startFleet(spec, {
    host: values.host,
    ...(basePort !== undefined ? { ports: Array.from({ length: count }, (_, i) => basePort + i) } : {}),
    taskDurationMs: int('task-ms', values['task-ms']) ?? 1500,
    authFailDelayMs: int('auth-delay-ms', values['auth-delay-ms']) ?? 3000,
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ nodes: fleet.nodes, pbs: fleet.pbs ?? null }, null, 2)}\n`);
  } else {
    const guests = spec.nodes.reduce((sum, n) => sum + n.guests.length, 0);
    process.stdout.write(`pve-sim: ${fleet.nodes.length} nodes, ${guests} guests, started in ${Date.now() - started} ms\n\n`);
    for (const [i, n] of fleet.nodes.entries()) {
      const s = spec.nodes[i];
      const cluster = spec.clusters?.find((c) => c.nodes.includes(n.name));
      process.stdout.write(
        [
          `${n.name}  (PVE ${s?.pveVersion ?? '?'}, ${s?.guests.length ?? 0} guests${cluster ? `, cluster ${cluster.name}` : ''})`,
          `  url          ${n.url}`,
          `  user         ${n.username}`,
          `  password     ${n.password}`,
          `  api token    ${n.tokenId}=${n.tokenSecret}`,
          `  read-only    ${n.readonlyTokenId}=${n.readonlyTokenSecret}`,
          `  fingerprint  ${n.fingerprint}`,
          '',
        ].join('\n') + '\n',
      );
    }
    if (fleet.pbs) {
      const p = fleet.pbs;
      process.stdout.write(
        [
          `${p.name}  (PBS, datastores ${p.datastores.join(', ')})`,
          `  url          ${p.url}`,
          `  user         ${p.username}`,
          `  password     ${p.password}`,
          `  api token    ${p.tokenId}:${p.tokenSecret}`,
          `  fingerprint  ${p.fingerprint}`,
          '',
        ].join('\n') + '\n',
      );
    }
    process.stdout.write('Ctrl-C to stop.\n');
  }
  const stop = (): void => {
    void fleet.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** A fleet file, validated; every bad field is printed and the simulator exits 1. */
function loadSpec(file: string): FleetSpec {
  const r = parseFleetSpecJson(readFileSync(file, 'utf8'));
  if (r.ok) return r.spec;
  process.stderr.write(`pve-sim: ${file} is not a valid fleet description:\n${r.errors.map((e) => `  ${e}\n`).join('')}`);
  process.exit(1);
}

main().catch((err: unknown) => {
  process.stderr.write(`pve-sim: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
