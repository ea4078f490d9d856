// The permission matrix's rows for the backup inventory, "Back up now", restores and the critical flag (issue 19):
// run in the matrix's order, before hosts are deleted and sessions end.
import type { Case } from './permission-world';

export const BACKUP_CASES: Case[] = [
  {
    route: 'GET /api/backups',
    name: 'list backups',
    method: 'GET',
    url: () => '/api/backups?limit=20',
    expect: [401, 200, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/backups/coverage',
    name: 'backup coverage',
    method: 'GET',
    url: () => '/api/backups/coverage?hours=24',
    expect: [401, 200, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/vms/:id/critical',
    name: "a guest's critical flag",
    method: 'GET',
    url: (w) => `/api/vms/${w.runningGuestA}/critical`,
    expect: [401, 404, 200, 200, 200, 200, 403],
  },
  {
    route: 'PATCH /api/vms/:id/critical',
    name: 'mark a guest critical',
    method: 'PATCH',
    url: (w) => `/api/vms/${w.runningGuestA}/critical`,
    body: () => ({ critical: true }),
    expect: [401, 404, 403, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/vms/:id/backup',
    name: 'back up a guest now',
    method: 'POST',
    url: (w) => `/api/vms/${w.runningGuestA}/backup`,
    body: () => ({ storage: 'local', mode: 'snapshot' }),
    expect: [401, 404, 403, 202, 202, 202, 403],
  },
  {
    route: 'POST /api/backups/restore',
    name: 'restore a backup the inventory does not list',
    method: 'POST',
    url: () => '/api/backups/restore',
    body: (w) => ({ volid: 'local:backup/vzdump-qemu-999-2024_01_01-00_00_00.vma.zst', host_id: w.hostA, target: 'new' }),
    expect: [401, 404, 403, 404, 404, 404, 403],
  },
];
