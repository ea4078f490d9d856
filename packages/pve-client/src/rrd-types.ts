/** RRD rows of nodes, guests and storages (`rrddata`), both layouts (pve2 on PVE ≤ 8, pve-*-9.0 on PVE 9). */

/** `decade` exists for node RRDs on PVE 9 only (older nodes answer 400). */
export type RrdTimeframe = 'hour' | 'day' | 'week' | 'month' | 'year' | 'decade';
export type RrdCf = 'AVERAGE' | 'MAX';

/** PSI of the last minute in percent (PVE 9, running guests; nodes have no `pressurecpufull`). */
export interface PressureFields {
  pressurecpusome?: number;
  pressurecpufull?: number;
  pressureiosome?: number;
  pressureiofull?: number;
  pressurememorysome?: number;
  pressurememoryfull?: number;
}

/**
 * RRD rows (`rrddata`): `time` is the start of the row's step; a key without a sample is absent (never null).
 * PVE ≤ 8 reads the pve2-* RRDs (70 rows); PVE 9 the pve-*-9.0 ones (hour 60 × 1 min, day 1440 × 1 min,
 * week 336 × 30 min, month 1440 × 30 min, year 1440 × 6 h, node decade 570 × 1 week), which add the keys below.
 */
export interface NodeRrdPoint extends PressureFields {
  time: number;
  /** PVE 9 */
  memavailable?: number;
  /** PVE 9: ZFS ARC size (0 without ZFS) */
  arcsize?: number;
  cpu?: number;
  iowait?: number;
  loadavg?: number;
  maxcpu?: number;
  memtotal?: number;
  memused?: number;
  swaptotal?: number;
  swapused?: number;
  roottotal?: number;
  rootused?: number;
  netin?: number;
  netout?: number;
}

/** Rows without samples (guest stopped) have only time and the max* / disk keys. */
export interface GuestRrdPoint extends PressureFields {
  time: number;
  /** PVE 9, VMs: the host's view of the VM's memory (`mem` is then the guest's balloon figure). */
  memhost?: number;
  maxcpu?: number;
  maxmem?: number;
  maxdisk?: number;
  disk?: number;
  cpu?: number;
  mem?: number;
  netin?: number;
  netout?: number;
  diskread?: number;
  diskwrite?: number;
}

/** `GET /nodes/{node}/storage/{storage}/rrddata`: bytes; rows of an inactive storage have only `time`. */
export interface StorageRrdPoint {
  time: number;
  total?: number;
  used?: number;
}
