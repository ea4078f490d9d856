import { hashString } from './rng';

/** PVE release facts the simulator's answers depend on (see REFERENCE.md §10). */
export interface PveVersionInfo {
  version: string;
  release: string;
  repoid: string;
  major: number;
  minor: number;
  patch: number;
  kernel: string;
  kversion: string;
}

export function pveVersionInfo(version: string, repoid?: string): PveVersionInfo {
  const m = /^(\d+)\.(\d+)(?:[.-](\d+))?/.exec(version);
  const major = Number(m?.[1] ?? 8);
  const minor = Number(m?.[2] ?? 0);
  const patch = Number(m?.[3] ?? 0);
  const h = hashString(version).toString(16).padStart(8, '0');
  const kernel = major <= 7 ? '5.15.108-1-pve' : major === 8 ? (minor >= 2 ? '6.8.12-4-pve' : '6.5.13-5-pve') : '6.14.8-2-pve';
  const kbuild = kernel.replace('-pve', '');
  const kversion =
    major <= 7
      ? `#1 SMP PVE ${kbuild.replace(/-1$/, '-2')} (2023-07-20T10:06Z)`
      : `#1 SMP PREEMPT_DYNAMIC PMX ${kbuild} (2024-11-06T15:04Z)`;
  return {
    version,
    release: `${major}.${minor}`,
    repoid: repoid ?? (major <= 7 ? h : `${h}${hashString(`${version}/r`).toString(16).padStart(8, '0')}`),
    major,
    minor,
    patch,
    kernel,
    kversion,
  };
}

export function atLeast(v: PveVersionInfo, major: number, minor = 0, patch = 0): boolean {
  if (v.major !== major) return v.major > major;
  if (v.minor !== minor) return v.minor > minor;
  return v.patch >= patch;
}

/** Quirks switched by version. */
export const quirks = {
  /** pve-container < 5.0.7 (PVE 8.1) answers LXC vmid as a string. */
  lxcVmidString: (v: PveVersionInfo) => !atLeast(v, 8, 1),
  /** libpve-http-server-perl >= 5.2.0 adds "message" to error bodies (PVE 8.3+). */
  errorMessageField: (v: PveVersionInfo) => atLeast(v, 8, 3),
  /** current-kernel and boot-info in node status (PVE 8.1+). */
  kernelInfo: (v: PveVersionInfo) => atLeast(v, 8, 1),
  /** memory.available in node status (PVE 9.0+). */
  memAvailable: (v: PveVersionInfo) => atLeast(v, 9),
  /** 'Authentication failed!' for every bad ticket/token (pve-manager 9.1.5+). */
  unifiedAuthFailure: (v: PveVersionInfo) => atLeast(v, 9, 1, 5),
  /** Repeated form keys joined with NUL instead of an array (libpve-http-server-perl < 5.0.2, PVE 7). */
  nulJoinedRepeats: (v: PveVersionInfo) => !atLeast(v, 8),
  /** Snapshot rollback with start=1 also needs VM.PowerMgmt (qemu-server 9.1.10, May 2026: PVE 9.1 hosts). */
  rollbackStartNeedsPowerMgmt: (v: PveVersionInfo) => atLeast(v, 9, 1),
  /** qemu list without diskread/diskwrite, with memhost (PVE 9). */
  qemuListV9: (v: PveVersionInfo) => atLeast(v, 9),
};
