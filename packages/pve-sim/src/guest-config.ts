import { createHash, randomBytes } from 'node:crypto';
import { hasSerial, isWindows } from './guest-views';
import type { SimNode } from './node-state';
import type { BackupGuestConfig } from './restore-types';
import type { GuestType, SimGuest, StorageType } from './types';
import { atLeast } from './version';

/**
 * A guest's configuration as qemu-server / pve-container keep it (`/etc/pve/qemu-server/<vmid>.conf`,
 * `/etc/pve/lxc/<vmid>.conf`): the GET …/config answer, the file inside a backup (extractconfig), and the
 * network device strings (net0…) that restores and PUT …/config write.
 */

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** What a configuration is rendered from: a live guest or the settings a backup carries. */
export interface ConfigSource extends Omit<BackupGuestConfig, 'diskStorage'> {
  vmid: number;
  diskStorage: string;
  uuid: string;
  template?: boolean;
  lock?: string;
  onboot?: boolean;
  digest?: string;
  extra?: Record<string, string | number>;
}

/** PVE 8's default MAC prefix (datacenter.cfg mac_prefix) and a random rest, as PVE::Tools::random_ether_addr. */
export function randomMac(): string {
  const b = randomBytes(3);
  return `BC:24:11:${[...b].map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join(':')}`;
}

/** A random SMBIOS uuid (a restore with unique=1 gives the guest a new one, like a new vmgenid). */
export function randomUuid(): string {
  return [4, 2, 2, 2, 6].map((n) => randomBytes(n).toString('hex')).join('-');
}

/** The storage holding a guest's disk: its own, else the node's first one for images (as the fleet places them). */
export function diskStorageOf(node: SimNode, g: Pick<SimGuest, 'diskStorage'>): string {
  if (g.diskStorage !== undefined) return g.diskStorage;
  return [...node.storages.values()].find((s) => s.spec.content.includes('images'))?.spec.id ?? 'local';
}

/** The disk's volume name on a storage of that type: `vm-101-disk-0` (block), `subvol-101-disk-0` (CT on ZFS / dirs). */
export function diskVolume(
  storageType: StorageType | undefined,
  type: GuestType,
  vmid: number,
): { volname: string; format: string } {
  const fileBased = storageType === 'dir' || storageType === 'nfs' || storageType === 'cifs';
  if (type === 'lxc' && (fileBased || storageType === 'zfspool' || storageType === undefined))
    return { volname: `subvol-${vmid}-disk-0`, format: 'subvol' };
  if (fileBased) return { volname: `${vmid}/vm-${vmid}-disk-0.raw`, format: 'raw' };
  return { volname: `vm-${vmid}-disk-0`, format: 'raw' };
}

/** The NICs of a guest: its own, else the one NIC the fleet gives every guest (from its MAC). */
export function guestNets(g: Pick<SimGuest, 'type' | 'mac' | 'nets'>): Record<string, string> {
  if (g.nets) return g.nets;
  return g.type === 'qemu'
    ? { net0: `virtio=${g.mac},bridge=vmbr0,firewall=1` }
    : { net0: `name=eth0,bridge=vmbr0,firewall=1,hwaddr=${g.mac},ip=dhcp,type=veth` };
}

export function sourceOf(node: SimNode, g: SimGuest): ConfigSource {
  const src: ConfigSource = {
    type: g.type,
    vmid: g.vmid,
    name: g.name,
    ostype: g.ostype,
    cores: g.cores,
    memoryBytes: g.memoryBytes,
    diskBytes: g.diskBytes,
    swapBytes: g.swapBytes,
    agent: g.agent,
    tags: g.tags,
    diskStorage: diskStorageOf(node, g),
    nets: guestNets(g),
    uuid: g.uuid,
    template: g.template,
    onboot: g.status === 'running',
    digest: g.digest,
  };
  if (g.lock) src.lock = g.lock;
  if (g.configExtra) src.extra = g.configExtra;
  return src;
}

/** GET …/config of a guest. */
export function guestConfig(node: SimNode, g: SimGuest): Record<string, unknown> {
  return renderConfig(node, sourceOf(node, g));
}

/** The configuration keys and values (JSON types as the API answers them). */
export function renderConfig(node: SimNode, c: ConfigSource): Record<string, unknown> {
  const storageType = node.storages.get(c.diskStorage)?.spec.type;
  const size = `${Math.round(c.diskBytes / GiB)}G`;
  const { volname } = diskVolume(storageType, c.type, c.vmid);
  const extra: Record<string, unknown> = { ...c.extra };
  if (c.tags.length > 0) extra['tags'] = c.tags.join(';');
  if (c.template) extra['template'] = 1;
  if (c.lock) extra['lock'] = c.lock;
  if (c.digest !== undefined) extra['digest'] = c.digest;
  if (c.type === 'lxc') {
    return {
      arch: 'amd64',
      cores: c.cores,
      features: 'nesting=1',
      hostname: c.name,
      memory: Math.round(c.memoryBytes / MiB),
      swap: Math.round(c.swapBytes / MiB),
      ...c.nets,
      ostype: c.ostype,
      rootfs: `${c.diskStorage}:${volname},size=${size}`,
      unprivileged: 1,
      onboot: c.onboot ? 1 : 0,
      ...extra,
    };
  }
  const memMiB = Math.round(c.memoryBytes / MiB);
  const cfg: Record<string, unknown> = {
    name: c.name,
    ostype: c.ostype,
    cores: c.cores,
    sockets: 1,
    cpu: atLeast(node.version, 8) ? 'x86-64-v2-AES' : 'kvm64',
    // qemu-server 8.x made memory a property string, answered as a string.
    memory: atLeast(node.version, 8) ? String(memMiB) : memMiB,
    scsihw: 'virtio-scsi-single',
    scsi0: `${c.diskStorage}:${volname},iothread=1,size=${size}`,
    ide2: 'none,media=cdrom',
    ...c.nets,
    boot: `order=scsi0;ide2;${Object.keys(c.nets).sort().join(';')}`,
    numa: 0,
    onboot: c.onboot ? 1 : 0,
    smbios1: `uuid=${c.uuid}`,
    vmgenid: c.uuid.split('').reverse().join(''),
    ...extra,
  };
  if (c.agent) cfg['agent'] = '1';
  if (hasSerial(c)) cfg['serial0'] = 'socket';
  if (isWindows(c)) {
    cfg['vga'] = 'qxl';
    cfg['machine'] = 'pc-q35-8.1';
    cfg['bios'] = 'ovmf';
  }
  return cfg;
}

/**
 * The configuration file as text (`key: value` lines in key order), as vzdump stores it in the archive and
 * `GET /nodes/{node}/vzdump/extractconfig` answers it; a VMA adds the `#qmdump#map` line of each disk.
 */
export function configText(node: SimNode, c: ConfigSource): string {
  const cfg = renderConfig(node, { ...c, onboot: false });
  delete cfg['digest'];
  delete cfg['lock'];
  const lines = Object.keys(cfg)
    .sort()
    .map((k) => `${k}: ${String(cfg[k])}`);
  if (c.type === 'qemu') lines.push(`#qmdump#map:scsi0:drive-scsi0:${c.diskStorage}:raw:`);
  return `${lines.join('\n')}\n`;
}

/** A new config digest (SHA-1 of the file, as PVE computes it) after a change. */
export function configDigest(node: SimNode, g: SimGuest): string {
  const { digest: _old, ...rest } = guestConfig(node, g);
  return createHash('sha1').update(JSON.stringify(rest)).digest('hex');
}

/** Frees the bytes a guest's disk takes on its storage (destroy, a forced restore over it). */
export function freeDisk(node: SimNode, g: SimGuest): void {
  const s = node.storages.get(diskStorageOf(node, g));
  if (s) s.usedBytes = Math.max(0, s.usedBytes - g.diskBytes);
}
