/** Sizes, durations and the guest OS types the fleet file accepts (shared by its schema and its defaults). */

export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;
export const TiB = 1024 * GiB;
export const DAY = 86_400;

export const QEMU_OSTYPES = [
  'l26',
  'l24',
  'win11',
  'win10',
  'win8',
  'win7',
  'wvista',
  'w2k8',
  'w2k3',
  'w2k',
  'wxp',
  'solaris',
  'other',
];
export const LXC_OSTYPES = [
  'debian',
  'ubuntu',
  'alpine',
  'centos',
  'fedora',
  'archlinux',
  'opensuse',
  'devuan',
  'gentoo',
  'nixos',
  'unmanaged',
];

export const isLxcOs = (os: string): boolean => LXC_OSTYPES.includes(os);

/** The PVE version of a node whose file does not say. */
export const DEFAULT_PVE_VERSION = '8.2.4';
