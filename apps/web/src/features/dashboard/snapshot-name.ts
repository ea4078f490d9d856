/**
 * A snapshot name Proxmox accepts: the contract's SnapshotNameSchema (snapshot-name.test.ts keeps them equal),
 * written out so that the dashboard's snapshots dialog does not load zod. 'current' is PVE's name for the running
 * state.
 */
export function isSnapshotName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_-]{1,39}$/.test(name) && name !== 'current';
}
