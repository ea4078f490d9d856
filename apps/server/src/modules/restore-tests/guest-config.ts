/**
 * What a restore test reads of a guest's Proxmox configuration (pure): the backup's config text
 * (`vzdump/extractconfig`), its NICs rewritten isolated (link_down=1, no MAC so PVE makes a new one), whether
 * a config read back has every NIC down, and the disks (storage, size) and memory a restore needs.
 */

export type GuestKind = 'qemu' | 'lxc';

/** A config as key → value (GET …/config answers, or the main section of a config file). */
export type ConfigValues = Record<string, string | number | undefined>;

/**
 * The main section of a guest config file (the text `GET /nodes/{n}/vzdump/extractconfig` answers): `key: value`
 * lines up to the first `[snapshot]` section; `#` lines are the description.
 */
export function parseConfigText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) break;
    if (!line || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    out[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return out;
}

/** A PVE property string (`virtio=BC:24:11:00:00:01,bridge=vmbr0,firewall=1`) as ordered [key, value] pairs. */
function parseProps(value: string): [string, string | undefined][] {
  return value
    .split(',')
    .filter((p) => p.length > 0)
    .map((p) => {
      const eq = p.indexOf('=');
      return eq < 0 ? [p, undefined] : [p.slice(0, eq), p.slice(eq + 1)];
    });
}

const joinProps = (parts: [string, string | undefined][]) => parts.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join(',');

/** The NIC options (`net0`, `net1`, …) of a config, in order. */
export function nicKeys(config: ConfigValues): string[] {
  return Object.keys(config)
    .filter((k) => /^net\d+$/.test(k) && config[k] !== undefined)
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
}

/** qemu NIC models: `virtio=<MAC>` names the model and the MAC in one property. */
const QEMU_MODELS = new Set([
  'e1000',
  'e1000-82540em',
  'e1000-82544gc',
  'e1000-82545em',
  'e1000e',
  'i82551',
  'i82557b',
  'i82559er',
  'ne2k_isa',
  'ne2k_pci',
  'pcnet',
  'rtl8139',
  'virtio',
  'vmxnet3',
]);

/**
 * The NIC as a restore test sets it: unplugged (`link_down=1`) and without its MAC (qemu `virtio=<MAC>` /
 * `macaddr`, lxc `hwaddr`), so PVE gives the copy a new one and it can never answer as the original.
 */
export function isolatedNic(type: GuestKind, value: string): string {
  const parts = parseProps(value).filter(([k]) => k !== 'link_down' && k !== 'macaddr' && k !== 'hwaddr');
  const kept: [string, string | undefined][] =
    type === 'qemu' ? parts.map(([k, v]) => (QEMU_MODELS.has(k) ? [k, undefined] : [k, v])) : parts;
  return joinProps([...kept, ['link_down', '1']]);
}

/** True only when the NIC string says link_down with a true value (fail closed: anything else is up). */
export function isLinkDown(value: string | number | undefined): boolean {
  if (typeof value !== 'string') return false;
  const flag = parseProps(value).findLast(([k]) => k === 'link_down')?.[1];
  return flag !== undefined && ['1', 'yes', 'on', 'true'].includes(flag.toLowerCase());
}

/** The NICs of a config read back, and whether every one is down (no NIC at all is isolated too). */
export function nicIsolation(config: ConfigValues): { nics: Record<string, string>; allDown: boolean } {
  const nics = Object.fromEntries(nicKeys(config).map((k) => [k, String(config[k])]));
  return { nics, allDown: Object.values(nics).every(isLinkDown) };
}

/** Bytes of a PVE size (`32G`, `512M`, `1T`, `4096K`, or bare bytes); undefined when unreadable. */
export function parseSize(size: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([KMGT]?)$/i.exec(size.trim());
  if (!m) return undefined;
  const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 }[m[2]!.toUpperCase() as '' | 'K' | 'M' | 'G' | 'T'];
  return Math.round(Number(m[1]) * unit);
}

export interface DiskNeed {
  key: string;
  /** The storage its volume is on (`local-lvm` of `local-lvm:vm-100-disk-0`). */
  storage: string;
  bytes: number;
}

const QEMU_DISK = /^(?:scsi|sata|ide|virtio|efidisk|tpmstate)\d+$/;
const LXC_DISK = /^(?:rootfs|mp\d+)$/;

/**
 * The disks a restore writes: qemu scsi/sata/ide/virtio/efidisk/tpmstate (not CD-ROMs, not `none`), lxc rootfs
 * and mount points with a storage volume (not bind mounts), each with its storage and size. A disk without a
 * readable size counts 0 bytes (the storage check then under-counts it: said in the evidence).
 */
export function diskNeeds(type: GuestKind, config: ConfigValues): DiskNeed[] {
  const pattern = type === 'qemu' ? QEMU_DISK : LXC_DISK;
  const out: DiskNeed[] = [];
  for (const [key, raw] of Object.entries(config)) {
    if (!pattern.test(key) || typeof raw !== 'string') continue;
    const parts = parseProps(raw);
    // The volume is the first property, or named (`volume=` for lxc, `file=` for qemu).
    const volume = parts.find(([k]) => k === (type === 'lxc' ? 'volume' : 'file'))?.[1] ?? parts[0]?.[0];
    if (!volume || volume === 'none' || volume.startsWith('/')) continue;
    if (parts.some(([k, v]) => k === 'media' && v === 'cdrom')) continue;
    const colon = volume.indexOf(':');
    if (colon <= 0) continue;
    const sizeText = parts.find(([k]) => k === 'size')?.[1];
    out.push({ key, storage: volume.slice(0, colon), bytes: sizeText ? (parseSize(sizeText) ?? 0) : 0 });
  }
  return out;
}

/** The guest's memory in bytes (`memory`, MiB; PVE's default 512 when unset). */
export function memoryBytes(config: ConfigValues): number {
  const mib = Number(config.memory ?? 512);
  return (Number.isFinite(mib) && mib > 0 ? mib : 512) * 1024 * 1024;
}

/** Whether a VM's config turns the QEMU guest agent on (`agent: 1` or `agent: enabled=1,…`). */
export function agentEnabled(config: ConfigValues): boolean {
  const raw = config.agent;
  if (raw === undefined) return false;
  const parts = parseProps(String(raw));
  const flag = parts.find(([k]) => k === 'enabled')?.[1] ?? parts[0]?.[0];
  return flag !== undefined && ['1', 'yes', 'on', 'true'].includes(flag.toLowerCase());
}
