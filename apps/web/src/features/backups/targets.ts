// The checks of a restore's or a test's target (the contract's NodeNameSchema and StorageIdSchema), as message keys of
// the backups namespace. Empty means "the default": the guest's node, its disks' storages.

const NODE = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const STORAGE = /^[A-Za-z][A-Za-z0-9\-_.]{1,99}$/;

export const isStorageId = (typed: string) => STORAGE.test(typed.trim());

export function targetProblems(node: string, storage: string): { node?: string; storage?: string } {
  return {
    ...(node.trim() && !NODE.test(node.trim()) ? { node: 'restore.errors.node' } : {}),
    ...(storage.trim() && !isStorageId(storage) ? { storage: 'restore.errors.storage' } : {}),
  };
}
