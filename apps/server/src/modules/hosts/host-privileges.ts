import type { HostFeature, HostPrivileges } from '@proxai/contract';

/**
 * The Proxmox privileges each feature of the portal needs on a host, by ACL path (`{node}` is the host's node).
 * The host page compares them with `/access/permissions` of the host's user or token, so a missing privilege
 * shows up front instead of as a bare 403 later.
 */
export const FEATURE_PRIVILEGES: Record<HostFeature, { path: string; privilege: string }[]> = {
  inventory: [
    { path: '/nodes/{node}', privilege: 'Sys.Audit' },
    { path: '/vms', privilege: 'VM.Audit' },
    { path: '/storage', privilege: 'Datastore.Audit' },
  ],
  guest_actions: [{ path: '/vms', privilege: 'VM.PowerMgmt' }],
  snapshots: [
    { path: '/vms', privilege: 'VM.Snapshot' },
    { path: '/vms', privilege: 'VM.Snapshot.Rollback' },
  ],
  // Listing every pending update (GET /apt/update); without it the portal counts Proxmox packages only.
  updates: [{ path: '/nodes/{node}', privilege: 'Sys.Modify' }],
  backups: [
    { path: '/vms', privilege: 'VM.Backup' },
    { path: '/storage', privilege: 'Datastore.AllocateSpace' },
  ],
};

/** '/vms/100' → ['/vms/100', '/vms', '/']: a privilege granted on a parent path holds below it (propagated ACLs). */
function withParents(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return [...parts.map((_, i) => `/${parts.slice(0, parts.length - i).join('/')}`), '/'];
}

/** Each feature's privileges against `/access/permissions`'s answer (path → privilege → 1). */
export function evaluatePrivileges(
  permissions: Record<string, Record<string, number>>,
  node: string,
  checkedAt: Date,
): HostPrivileges {
  const granted = (path: string, privilege: string) => withParents(path).some((p) => permissions[p]?.[privilege] === 1);
  return {
    checked_at: checkedAt.toISOString(),
    features: (Object.keys(FEATURE_PRIVILEGES) as HostFeature[]).map((feature) => {
      const privileges = FEATURE_PRIVILEGES[feature].map(({ path, privilege }) => {
        const p = path.replace('{node}', node);
        return { path: p, privilege, granted: granted(p, privilege) };
      });
      return { feature, ok: privileges.every((x) => x.granted), privileges };
    }),
  };
}
