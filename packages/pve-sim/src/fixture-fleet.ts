import { pendingUpdates } from './apt-catalog';
import type { FleetSpec, GuestSpec, NodeSpec, StorageSpec } from './types';
import { pveVersionInfo } from './version';

const GiB = 1024 ** 3;
const DAY = 86_400;

/**
 * A small hand-made fleet that mirrors the situations recorded in packages/pve-sim/fixtures
 * (node1 with VMs 100–104, CTs 105–107, a template, a stopped VM with snapshots, local and PBS
 * backups, pending updates) so every endpoint can be compared with its fixture. node2 runs
 * PVE 8.3 (error bodies with "message"), node3 PVE 7.4 (LXC vmid as a string).
 */
export function fixtureFleet(now = Math.floor(Date.now() / 1000)): FleetSpec {
  const q = (vmid: number, name: string, extra: Partial<GuestSpec> = {}): GuestSpec => ({
    vmid,
    type: 'qemu',
    name,
    ostype: 'l26',
    status: 'running',
    cores: 4,
    memoryBytes: 8 * GiB,
    diskBytes: 64 * GiB,
    load: 0.05,
    memUsage: 0.4,
    uptimeSec: 10 * DAY,
    agent: true,
    ...extra,
  });
  const ct = (vmid: number, name: string, extra: Partial<GuestSpec> = {}): GuestSpec => ({
    vmid,
    type: 'lxc',
    name,
    ostype: 'debian',
    status: 'running',
    cores: 1,
    memoryBytes: 0.5 * GiB,
    diskBytes: 8 * GiB,
    load: 0.01,
    memUsage: 0.1,
    uptimeSec: 10 * DAY,
    ...extra,
  });
  const storages = (withBackups: boolean): StorageSpec[] => [
    { id: 'local-zfs', type: 'zfspool', content: 'images,rootdir', totalBytes: 955_016_175_616, usedBytes: 14_446_702_592 },
    {
      id: 'local',
      type: 'dir',
      content: 'backup,vztmpl,iso',
      totalBytes: 951_055_941_632,
      usedBytes: 10_486_546_432,
      backups: withBackups
        ? [
            { vmid: 102, subtype: 'qemu', ctime: now - 2 * DAY, size: 1_289_774_122, notes: 'machine-test' },
            { vmid: 102, subtype: 'qemu', ctime: now - DAY, size: 1_290_131_455, notes: 'machine-test', protected: true },
            { vmid: 105, subtype: 'lxc', ctime: now - DAY + 159, size: 298_841_307, notes: 'zort' },
            { vmid: 106, subtype: 'lxc', ctime: now - DAY + 190, size: 301_233_511 },
          ]
        : [],
    },
    { id: 'cloud-init', type: 'dir', content: 'snippets', totalBytes: 951_055_941_632, usedBytes: 10_486_546_432 },
    { id: 'pbs-store1', type: 'pbs', content: 'backup', shared: true, datastore: 'store1', totalBytes: 0, usedBytes: 0 },
    { id: 'nfs-iso', type: 'nfs', content: 'iso,vztmpl', shared: true, active: false, totalBytes: 0, usedBytes: 0 },
  ];
  const node = (name: string, pveVersion: string, guests: GuestSpec[], withBackups: boolean): NodeSpec => ({
    name,
    pveVersion,
    cpuModel: 'Intel(R) Core(TM) i7-6700 CPU @ 3.40GHz',
    sockets: 1,
    cores: 4,
    threads: 8,
    mhz: '3400.000',
    memoryBytes: 64 * GiB,
    rootfsBytes: 948_338_819_072,
    swapBytes: 0,
    uptimeSec: 29 * DAY,
    guests,
    storages: storages(withBackups),
    aptUpdates: pendingUpdates(pveVersionInfo(pveVersion), () => true),
    tasks: [{ type: 'vzdump', id: '', user: 'root@pam', starttime: now - DAY, endtime: now - DAY + 213, exitstatus: 'OK' }],
  });
  return {
    seed: 1,
    nodes: [
      node(
        'node1',
        '8.2.4',
        [
          q(100, 'server1', { cores: 1, memoryBytes: GiB, diskBytes: 32 * GiB }),
          q(101, 'leap154', { status: 'stopped', template: true }),
          q(102, 'machine-test', {
            status: 'stopped',
            tags: ['go-proxmox+cloud-init'],
            snapshots: [
              { name: 'before-upgrade', description: 'pre 7.4 upgrade', snaptime: now - 30 * DAY },
              { name: 'with-ram', snaptime: now - 10 * DAY, vmstate: true },
            ],
          }),
          q(103, 'docker-host', { tags: ['docker', 'prod'] }),
          q(104, 'win-dc01', { ostype: 'win11' }),
          ct(105, 'zort'),
          ct(106, 'test'),
          ct(107, 'test-container', { status: 'stopped', template: true, tags: ['tag1', 'tag2'] }),
          q(200, 'VM 200', { status: 'stopped', agent: false }),
        ],
        true,
      ),
      node('node2', '8.3.2', [q(300, 'app-01'), ct(301, 'dns-01')], false),
      node('node3', '7.4-16', [q(400, 'legacy-01'), ct(401, 'legacy-ct')], false),
    ],
    pbs: {
      name: 'pbs',
      version: '3.2',
      release: '4',
      datastores: [
        {
          name: 'store1',
          comment: 'main datastore (ZFS raidz2)',
          totalBytes: 3_936_820_510_720,
          usedBytes: 1_013_241_348_096,
          snapshots: [
            { type: 'vm', id: '102', time: now - 2 * DAY, size: 53_901_001_683, comment: 'machine-test', verification: 'ok' },
            { type: 'vm', id: '102', time: now - DAY, size: 53_901_001_683, comment: 'machine-test' },
            {
              type: 'ct',
              id: '105',
              time: now - DAY + 159,
              size: 1_184_332_870,
              comment: 'zort',
              protected: true,
              owner: 'pvebackup@pbs!pve-node1',
              verification: 'failed',
            },
            {
              type: 'host',
              id: 'fileserver',
              time: now - DAY + 3_600,
              size: 88_232_843_068,
              owner: 'backup@pbs',
              encrypted: true,
            },
          ],
        },
        {
          name: 'offsite',
          maintenance: 'type=read-only,message=resync',
          totalBytes: 16 * 1024 * GiB,
          usedBytes: 5 * 1024 * GiB,
          snapshots: [],
        },
      ],
    },
  };
}
