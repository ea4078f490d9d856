import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureFleet } from './fixture-fleet';
import { parseFleetSpec, parseFleetSpecJson } from './fleet-schema';
import { parseSize } from './fleet-schema-parts';
import { generateFleet } from './generator';

const GiB = 1024 ** 3;

function valid(input: unknown) {
  const r = parseFleetSpec(input);
  if (!r.ok) throw new Error(`expected a valid fleet, got:\n${r.errors.join('\n')}`);
  return r.spec;
}

function errorsOf(input: unknown): string[] {
  const r = parseFleetSpec(input);
  if (r.ok) throw new Error('expected an invalid fleet');
  return r.errors;
}

describe('fleet schema', () => {
  it('fills the defaults of a minimal hand-written file', () => {
    const spec = valid({
      nodes: [
        {
          name: 'pve1',
          guests: [
            { name: 'web1', ostype: 'l26', cores: 2, memoryBytes: '4 GiB', diskBytes: '32G', load: 0.3 },
            { name: 'dns1', ostype: 'debian' },
          ],
        },
        { name: 'pve2', guests: [{ name: 'db1', vmid: 100, memoryBytes: 8 * GiB }] },
      ],
    });
    const [a, b] = spec.nodes;
    expect(a).toMatchObject({
      name: 'pve1',
      pveVersion: '8.2.4',
      sockets: 2,
      cores: 12,
      threads: 48,
      memoryBytes: 64 * GiB,
      aptUpdates: [],
    });
    expect(a!.cpuModel).toMatch(/Xeon/);
    expect(a!.uptimeSec).toBeGreaterThan(0);
    // vmids: fleet-wide from 100, skipping the 100 given explicitly on pve2.
    expect(a!.guests).toEqual([
      expect.objectContaining({
        vmid: 101,
        type: 'qemu',
        ostype: 'l26',
        status: 'running',
        cores: 2,
        memoryBytes: 4 * GiB,
        diskBytes: 32 * GiB,
        load: 0.3,
        memUsage: 0.5,
      }),
      expect.objectContaining({ vmid: 102, type: 'lxc', ostype: 'debian', cores: 1, memoryBytes: 512 * 1024 ** 2 }),
    ]);
    expect(b!.guests[0]).toMatchObject({ vmid: 100, type: 'qemu', memoryBytes: 8 * GiB });
    expect(a!.storages.map((s) => [s.id, s.type, s.content])).toEqual([
      ['local', 'dir', 'backup,vztmpl,iso'],
      ['local-lvm', 'lvmthin', 'images,rootdir'],
    ]);
    expect(spec.pbs).toBeUndefined();
  });

  it('a PBS given as {} gets a datastore, and every node a pbs storage pointing at it', () => {
    const spec = valid({ nodes: [{ name: 'pve1' }], pbs: {} });
    expect(spec.pbs).toMatchObject({
      name: 'pbs1',
      version: '3.2',
      release: '4',
      datastores: [{ name: 'store1', snapshots: [] }],
    });
    expect(spec.nodes[0]!.storages.find((s) => s.type === 'pbs')).toMatchObject({ id: 'pbs-store1', datastore: 'store1' });
  });

  it('pending updates by name take metadata and the installed version from the catalogue', () => {
    const spec = valid({
      nodes: [{ name: 'pve1', pveVersion: '8.2.4', aptUpdates: [{ Package: 'pve-manager', Version: '8.3.2' }] }],
    });
    expect(spec.nodes[0]!.aptUpdates).toEqual([
      expect.objectContaining({ Package: 'pve-manager', Origin: 'Proxmox', OldVersion: '8.2.4', Version: '8.3.2' }),
    ]);
  });

  it('accepts what the generator and the fixture fleet produce, unchanged', () => {
    for (const spec of [
      generateFleet({ nodes: 4, guests: 60, seed: 9 }),
      generateFleet({ nodes: 2, guests: 5, pbs: false }),
      generateFleet({ nodes: 5, guests: 20, clusterSize: 3 }),
      fixtureFleet(),
    ]) {
      const json = JSON.parse(JSON.stringify(spec)) as unknown;
      expect(valid(json)).toEqual(json);
    }
  });

  it('lists every bad field with its path', () => {
    const errors = errorsOf({
      nodes: [
        {
          name: 'pve_1',
          memroy: 5,
          guests: [{ name: 'web1', cores: 0, memoryBytes: 'lots', load: 2 }, { name: '' }],
          storages: [{ id: 'backup', type: 'ceph' }],
        },
      ],
      pbs: { fault: { kind: 'explode' } },
    });
    const expected = [
      /^nodes\[0\]\.name: expected a host name/,
      /^nodes\[0\]: Unrecognized key: "memroy"/,
      /^nodes\[0\]\.guests\[0\]\.cores: Too small/,
      /^nodes\[0\]\.guests\[0\]\.memoryBytes: expected bytes .* got "lots"/,
      /^nodes\[0\]\.guests\[0\]\.load: Too big/,
      /^nodes\[0\]\.guests\[1\]\.name: Too small/,
      /^nodes\[0\]\.storages\[0\]\.type: Invalid option: expected one of "dir"\|"zfspool"/,
      /^pbs\.fault\.kind: expected a fault/,
    ];
    expect(errors).toHaveLength(expected.length);
    for (const re of expected)
      expect(
        errors.some((e) => re.test(e)),
        `${re} in\n${errors.join('\n')}`,
      ).toBe(true);
  });

  it('reports the cross-field errors once the shapes are right', () => {
    const errors = errorsOf({
      nodes: [
        {
          name: 'pve1',
          sockets: 2,
          cores: 8,
          threads: 8,
          guests: [
            { name: 'ct1', type: 'lxc', ostype: 'win11', status: 'paused' },
            { vmid: 150, name: 'a' },
            { vmid: 150, name: 'b' },
          ],
          storages: [
            { id: 'store', type: 'pbs', datastore: 'nope' },
            { id: 'local', type: 'dir', totalBytes: '10G', usedBytes: '20G' },
          ],
          aptUpdates: [{ Package: 'left-pad', Version: '1.0' }],
        },
        { name: 'pve1' },
      ],
    });
    expect(errors).toEqual([
      "nodes[1].name: 'pve1' is already the name of nodes[0]",
      'nodes[0].threads: must be at least sockets × cores (16)',
      "nodes[0].guests[0].ostype: 'win11' is not a container OS type (debian, ubuntu, alpine, centos, fedora, archlinux, opensuse, devuan, gentoo, nixos, unmanaged)",
      "nodes[0].guests[0].status: 'paused' is for VMs (qemu) only",
      'nodes[0].guests[2].vmid: 150 is already used by guests[1] of this node',
      "nodes[0].storages[0].type: a 'pbs' storage needs the fleet's pbs",
      'nodes[0].storages[1].usedBytes: is larger than totalBytes',
      "nodes[0].aptUpdates[0].OldVersion: required: 'left-pad' is not in the simulator's catalogue",
    ]);
  });

  it('clusters: members exist and are in one cluster only; vmids are unique within a cluster', () => {
    const nodes = [
      { name: 'pve1', guests: [{ name: 'a', vmid: 100 }] },
      { name: 'pve2', guests: [{ name: 'b', vmid: 100 }] },
      { name: 'pve3', guests: [{ name: 'c', vmid: 101 }] },
    ];
    expect(valid({ nodes, clusters: [{ name: 'prod', nodes: ['pve1', 'pve3'] }] }).clusters).toEqual([
      { name: 'prod', nodes: ['pve1', 'pve3'] },
    ]);
    expect(errorsOf({ nodes, clusters: [{ name: 'prod', nodes: ['pve1', 'pve2'] }] })).toEqual([
      "clusters[0].nodes[1]: vmid 100 is on 'pve1' and 'pve2': vmids are unique in a cluster",
    ]);
    expect(
      errorsOf({
        nodes: [{ name: 'pve1' }, { name: 'pve2' }],
        clusters: [{ name: 'a_b', nodes: [] }],
      }),
    ).toEqual([
      'clusters[0].name: expected a cluster name: up to 15 letters, digits and "-"',
      'clusters[0].nodes: expected at least one node',
    ]);
    expect(
      errorsOf({
        nodes: [{ name: 'pve1' }, { name: 'pve2' }],
        clusters: [
          { name: 'prod', nodes: ['pve1', 'pve9'] },
          { name: 'prod', nodes: ['pve1'] },
        ],
      }),
    ).toEqual([
      "clusters[0].nodes[1]: no node 'pve9' in nodes",
      "clusters[1].name: cluster 'prod' is listed twice",
      "clusters[1].nodes[0]: 'pve1' is already a member of cluster 'prod'",
    ]);
  });

  it('needs at least one node; a JSON syntax error is one line', () => {
    expect(errorsOf({ nodes: [] })).toEqual(['nodes: expected at least one node']);
    expect(errorsOf({})).toEqual([expect.stringMatching(/^nodes: /)]);
    const bad = parseFleetSpecJson('{"nodes": [');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0]).toMatch(/^not valid JSON: /);
  });

  it('parses sizes: bytes, binary and decimal units', () => {
    expect(parseSize(1234)).toBe(1234);
    expect(parseSize('4 GiB')).toBe(4 * GiB);
    expect(parseSize('4G')).toBe(4 * GiB);
    expect(parseSize('1.5T')).toBe(1.5 * 1024 * GiB);
    expect(parseSize('500GB')).toBe(500e9);
    expect(parseSize('512m')).toBe(512 * 1024 ** 2);
    expect(parseSize('lots')).toBeUndefined();
    expect(parseSize('4 XB')).toBeUndefined();
    expect(parseSize(-1)).toBeUndefined();
  });

  it('the example file in examples/ is valid', () => {
    const text = readFileSync(new URL('../examples/small-fleet.json', import.meta.url), 'utf8');
    const r = parseFleetSpecJson(text);
    expect(r.ok ? [] : r.errors).toEqual([]);
    if (!r.ok) return;
    expect(r.spec.nodes.map((n) => n.name)).toEqual(['pve1', 'pve2']);
    expect(r.spec.nodes.flatMap((n) => n.guests).length).toBeGreaterThanOrEqual(5);
    expect(r.spec.pbs?.name).toBe('pbs1');
  });
  it('takes backup jobs per node (enabled by default) and checks their selection', () => {
    const spec = valid({
      nodes: [{ name: 'pve1', backupJobs: [{ id: 'nightly', schedule: '21:00', vmid: '100,101', storage: 'local' }] }],
    });
    expect(spec.nodes[0]?.backupJobs).toEqual([
      { id: 'nightly', schedule: '21:00', vmid: '100,101', storage: 'local', enabled: true },
    ]);
    expect(
      errorsOf({
        nodes: [
          {
            name: 'pve1',
            backupJobs: [
              { id: 'x1y', schedule: 'daily' },
              { id: 'x1y', schedule: 'daily', all: true, vmid: '100' },
            ],
          },
        ],
      }),
    ).toEqual([
      "nodes[0].backupJobs[0].vmid: set 'vmid', 'all' or 'pool'",
      "nodes[0].backupJobs[1].id: job 'x1y' is listed twice",
      "nodes[0].backupJobs[1].all: conflicts with 'vmid'",
    ]);
  });
});
