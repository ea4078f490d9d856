import { randomMac } from './guest-config';
import type { GuestType } from './types';

/**
 * Network device strings (net0…) of qemu-server (`virtio=BC:24:11:…,bridge=vmbr0,firewall=1,link_down=1`) and
 * pve-container (`name=eth0,bridge=vmbr0,hwaddr=BC:24:11:…,ip=dhcp,type=veth`): parse_net / print_net.
 */

const QEMU_MODELS = [
  'virtio',
  'e1000',
  'e1000e',
  'rtl8139',
  'vmxnet3',
  'i82551',
  'i82557b',
  'i82559er',
  'ne2k_isa',
  'ne2k_pci',
  'pcnet',
];
const QEMU_KEYS = ['macaddr', 'bridge', 'firewall', 'link_down', 'mtu', 'queues', 'rate', 'tag', 'trunks'];
const LXC_KEYS = [
  'name',
  'bridge',
  'firewall',
  'gw',
  'gw6',
  'hwaddr',
  'ip',
  'ip6',
  'link_down',
  'mtu',
  'rate',
  'tag',
  'trunks',
  'type',
];
const BOOL_KEYS = new Set(['firewall', 'link_down']);
const MAC_RE = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i;
const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/** A parsed NIC: `model` (qemu) and the other keys as strings; the MAC under `macaddr` (qemu) or `hwaddr` (lxc). */
export type NetConfig = Record<string, string>;

/** A bad net string: the message of PVE's `invalid format` parameter error. */
export class NetFormatError extends Error {}

export const isNetKey = (key: string): boolean => /^net\d+$/.test(key);

export function parseNet(type: GuestType, key: string, value: string): NetConfig {
  const out: NetConfig = {};
  const bad = (detail: string): NetFormatError => new NetFormatError(`invalid format - format error\n${key}.${detail}\n`);
  value.split(',').forEach((part, i) => {
    if (part === '') return;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? undefined : part.slice(eq + 1);
    if (type === 'qemu' && QEMU_MODELS.includes(k)) {
      out['model'] = k;
      if (v !== undefined) out['macaddr'] = v;
      return;
    }
    if (v === undefined) {
      if (i === 0 && type === 'qemu')
        throw bad(`model: value '${k}' does not have a value in the enumeration '${QEMU_MODELS.join(', ')}'`);
      throw bad(`${k}: missing value`);
    }
    const allowed = type === 'qemu' ? [...QEMU_KEYS, 'model'] : LXC_KEYS;
    if (!allowed.includes(k))
      throw bad(`${k}: property is not defined in schema and the schema does not allow additional properties`);
    if (BOOL_KEYS.has(k)) {
      const lower = v.toLowerCase();
      if (!TRUE.has(lower) && !FALSE.has(lower)) throw bad(`${k}: type check ('boolean') failed - got '${v}'`);
      out[k] = TRUE.has(lower) ? '1' : '0';
      return;
    }
    out[k] = v;
  });
  const mac = type === 'qemu' ? 'macaddr' : 'hwaddr';
  if (out[mac] !== undefined && !MAC_RE.test(out[mac])) throw bad(`${mac}: value does not match the regex pattern`);
  if (type === 'qemu' && out['model'] === undefined) throw bad('model: property is missing and it is not optional');
  if (type === 'lxc' && out['name'] === undefined) throw bad('name: property is missing and it is not optional');
  return out;
}

/** print_net: qemu `model=MAC` first; lxc `name` first; then the other keys in order. */
export function printNet(type: GuestType, net: NetConfig): string {
  if (type === 'qemu') {
    const head = net['macaddr'] !== undefined ? `${net['model']}=${net['macaddr']}` : String(net['model']);
    const rest = QEMU_KEYS.filter((k) => k !== 'macaddr' && net[k] !== undefined).map((k) => `${k}=${net[k]}`);
    return [head, ...rest].join(',');
  }
  return LXC_KEYS.filter((k) => net[k] !== undefined)
    .map((k) => `${k}=${net[k]}`)
    .join(',');
}

export function macOf(type: GuestType, net: NetConfig): string | undefined {
  return net[type === 'qemu' ? 'macaddr' : 'hwaddr'];
}

/** parse_net's MAC autogeneration: a NIC given without one gets a random address; `fresh` replaces any it has. */
export function withMac(type: GuestType, net: NetConfig, fresh = false): NetConfig {
  const key = type === 'qemu' ? 'macaddr' : 'hwaddr';
  if (!fresh && net[key] !== undefined) return net;
  return { ...net, [key]: randomMac() };
}

export const isLinkDown = (net: NetConfig): boolean => net['link_down'] === '1';
