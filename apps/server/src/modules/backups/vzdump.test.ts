import { describe, expect, it } from 'vitest';
import { pickBackupStorage, pruneBackups, VzdumpLogReader, vzdumpParams, type VzdumpRequest } from './vzdump';

const request: VzdumpRequest = {
  storage: 'local',
  mode: 'snapshot',
  compress: 'zstd',
  notesTemplate: '{{guestname}}',
  keep: { keep_last: 0, keep_daily: 0, keep_weekly: 0, keep_monthly: 0 },
  bwlimitKib: null,
  protected: false,
};

describe('vzdump parameters', () => {
  it('passes the keep rules as prune-backups, and leaves them out when all are 0', () => {
    expect(pruneBackups({ keep_last: 3, keep_daily: 7, keep_weekly: 0, keep_monthly: 2 })).toBe(
      'keep-last=3,keep-daily=7,keep-monthly=2',
    );
    expect(pruneBackups(request.keep)).toBeUndefined();
    expect(pruneBackups(null)).toBeUndefined();
  });

  it('sends the vmids in order, compress none as 0, and only the options set', () => {
    expect(vzdumpParams([102, 100], request)).toEqual({
      vmid: [100, 102],
      storage: 'local',
      mode: 'snapshot',
      compress: 'zstd',
      'notes-template': '{{guestname}}',
    });
    expect(
      vzdumpParams([100], {
        ...request,
        compress: 'none',
        mode: 'stop',
        notesTemplate: null,
        keep: { keep_last: 2, keep_daily: 0, keep_weekly: 4, keep_monthly: 0 },
        bwlimitKib: 51_200,
        protected: true,
      }),
    ).toEqual({
      vmid: [100],
      storage: 'local',
      mode: 'stop',
      compress: '0',
      'prune-backups': 'keep-last=2,keep-weekly=4',
      bwlimit: 51_200,
      protected: true,
    });
  });
});

describe('reading a vzdump log', () => {
  // As pve-manager's VZDump.pm writes it: a guest locked by a snapshot fails, the others finish; the task ends `job errors`.
  const log = [
    'INFO: starting new backup job: vzdump 100 101 102 --storage local --mode snapshot --compress zstd',
    'INFO: Starting Backup of VM 100 (qemu)',
    'INFO: Backup started at 2024-06-30 23:00:02',
    'INFO: status = running',
    "INFO: creating vzdump archive '/var/lib/vz/dump/vzdump-qemu-100-2024_06_30-23_00_02.vma.zst'",
    'INFO: Finished Backup of VM 100 (00:00:12)',
    'INFO: Backup finished at 2024-06-30 23:00:14',
    'INFO: Starting Backup of VM 101 (lxc)',
    'ERROR: Backup of VM 101 failed - CT 101 is locked (snapshot)',
    'INFO: Starting Backup of VM 102 (qemu)',
    "INFO: creating Proxmox Backup Server archive 'vm/102/2024-06-30T21:00:20Z'",
    'INFO: Finished Backup of VM 102 (00:00:30)',
    'INFO: Backup job finished with errors',
  ];

  it('settles each guest as its line comes, with the volume written or the error', () => {
    const reader = new VzdumpLogReader('local');
    const settled = log.map((l) => reader.feed(l)).filter((v) => v !== undefined);
    expect(settled).toEqual([100, 101, 102]);
    expect(reader.outcomes.get(100)).toEqual({
      state: 'succeeded',
      volid: 'local:backup/vzdump-qemu-100-2024_06_30-23_00_02.vma.zst',
    });
    expect(reader.outcomes.get(101)).toEqual({ state: 'failed', error: 'CT 101 is locked (snapshot)' });
    expect(reader.outcomes.get(102)).toEqual({ state: 'succeeded', volid: 'local:backup/vm/102/2024-06-30T21:00:20Z' });
  });

  it('leaves a guest whose backup has not finished as started, and one never named absent', () => {
    const reader = new VzdumpLogReader('local');
    for (const l of log.slice(0, 4)) reader.feed(l);
    expect(reader.outcomes.get(100)).toEqual({ state: 'started' });
    expect(reader.outcomes.has(101)).toBe(false);
  });
});

describe('the storage of "Back up now"', () => {
  const s = (storage: string, type: string, content: string, more: { active?: number; enabled?: number } = {}) => ({
    storage,
    type,
    content,
    ...more,
  });

  it('takes the first storage that takes backups, a PBS one first, never an inactive or disabled one', () => {
    expect(pickBackupStorage([s('local-lvm', 'lvmthin', 'images'), s('local', 'dir', 'iso,backup')])?.storage).toBe('local');
    expect(pickBackupStorage([s('local', 'dir', 'backup'), s('pbs', 'pbs', 'backup')])?.storage).toBe('pbs');
    expect(
      pickBackupStorage([s('pbs', 'pbs', 'backup', { active: 0 }), s('nfs', 'nfs', 'backup', { enabled: 0 })]),
    ).toBeUndefined();
  });
});
