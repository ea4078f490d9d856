// Which running tasks the portal can stop on their host (no zod: the web app imports this at runtime through
// `@proxai/contract/task-stop`, the server uses it to answer POST /api/tasks/{id}/cancel).

/** Kinds whose job sends one Proxmox task and follows its UPID: guest actions, snapshots, "Back up now", restores. */
export const stopsOnHost = (kind: string): boolean =>
  /^(guest|snapshot)\./.test(kind) || kind === 'backup.now' || kind === 'backup.restore';
