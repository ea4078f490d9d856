/** Node facts kept from the last sync (hosts.facts, JSON): what the assistant reasons about. */
export interface HostFacts {
  memory: { total: number; used: number } | null;
  rootfs: { total: number; used: number } | null;
  /** `shared`: a storage every node of a cluster reaches (NFS, Ceph…): I/O on one host loads it for all. */
  storages: { storage: string; type: string; total: number; used: number; active: boolean; shared?: boolean }[];
  pendingUpdates: number;
  /** Packages with a security origin or a pve-manager/kernel update among them. */
  pendingUpdateNames: string[];
  pveVersion: string | null;
  collectedAt: string;
}

export function parseFacts(text: string | null): HostFacts | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as HostFacts;
  } catch {
    return null;
  }
}
