import type {
  Backup,
  BackupCoverage,
  BackupStorageRead,
  RestoreTest,
  RestoreTestEvidence,
  RestoreTestSummaryItem,
  Vm,
} from '@proxai/contract';

export const HOST_A = '00000000-0000-4000-8000-00000000000a';
export const GUEST_1 = '00000000-0000-4000-8000-000000000101';
export const GUEST_2 = '00000000-0000-4000-8000-000000000102';
export const TEST_1 = '00000000-0000-4000-8000-0000000000c1';

/** web-01 (100), running on pve1 of host A, unless overridden. */
export function buildGuest(overrides: Partial<Vm> = {}): Vm {
  return {
    id: GUEST_1,
    vmid: 100,
    name: 'web-01',
    state: 'running',
    cpu: 2,
    memory: 2048,
    storage: 32,
    host_id: HOST_A,
    node: 'pve1',
    uptime: 3600,
    type: 'qemu',
    tags: [],
    pool: null,
    ...overrides,
  };
}

/** A zstd backup of web-01 on `local`, taken 2026-01-12 02:00 UTC, unless overridden. */
export function buildBackup(overrides: Partial<Backup> = {}): Backup {
  return {
    id: crypto.randomUUID(),
    guest_id: GUEST_1,
    guest_name: 'web-01',
    host_id: HOST_A,
    vmid: 100,
    guest_type: 'qemu',
    source: 'pve-storage',
    storage: 'local',
    datastore: null,
    volid: 'local:backup/vzdump-qemu-100-2026_01_12-03_00_02.vma.zst',
    backup_time: '2026-01-12T02:00:02.000Z',
    size_bytes: 1_610_612_736,
    format: 'vma.zst',
    verify_state: null,
    encrypted: null,
    protected: false,
    notes: 'web-01',
    ...overrides,
  };
}

export function buildStorageRead(overrides: Partial<BackupStorageRead> = {}): BackupStorageRead {
  return {
    host_id: HOST_A,
    storage: 'local',
    type: 'dir',
    readable: true,
    error: null,
    backup_count: 1,
    checked_at: '2026-01-12T10:00:00.000Z',
    ...overrides,
  };
}

export function buildCoverage(overrides: Partial<BackupCoverage> = {}): BackupCoverage {
  return {
    hours: 24,
    guests_without_backup: [],
    not_backed_up_pve: [],
    failed_jobs: [],
    pve_jobs: [],
    readable_storages: [buildStorageRead()],
    inventory_hosts: [
      {
        host_id: HOST_A,
        refreshed_at: '2026-01-12T10:00:00.000Z',
        last_error: null,
        can_audit_storage: true,
        can_audit_guests: true,
        can_backup: true,
      },
    ],
    ...overrides,
  };
}

/** A passed test of web-01: restored on pve1 as 9001 in 40 s, booted in 20 s, healthy 5 s later. */
export function buildRestoreTest(overrides: Partial<RestoreTest> = {}): RestoreTest {
  return {
    id: TEST_1,
    guest_id: GUEST_1,
    guest_name: 'web-01',
    guest_type: 'qemu',
    vmid: 100,
    host_id: HOST_A,
    backup_volid: 'local:backup/vzdump-qemu-100-2026_01_12-03_00_02.vma.zst',
    backup_time: '2026-01-12T02:00:02.000Z',
    target_node: 'pve1',
    target_storage: 'local-lvm',
    restored_vmid: 9001,
    status: 'passed',
    reason: null,
    rto_seconds: 65,
    timings: { restore_s: 40, boot_s: 20, healthy_s: 5, cleanup_s: 8 },
    probes: [
      { probe: { type: 'agent_ping' }, ok: true, output: '', duration_ms: 12 },
      {
        probe: { type: 'http', url_path: '/health', port: 80, expect_status: 200, expect_body: 'ok' },
        ok: true,
        output: 'HTTP 200\nok',
        duration_ms: 85,
      },
    ],
    task_id: '00000000-0000-4000-8000-0000000000d1',
    schedule_id: null,
    has_evidence: true,
    created_at: '2026-01-12T10:00:00.000Z',
    ended_at: '2026-01-12T10:01:13.000Z',
    ...overrides,
  };
}

export function buildSummaryItem(overrides: Partial<RestoreTestSummaryItem> = {}): RestoreTestSummaryItem {
  return {
    guest_id: GUEST_1,
    name: 'web-01',
    vmid: 100,
    host_id: HOST_A,
    last_status: 'passed',
    last_at: '2026-01-12T10:00:00.000Z',
    last_passed_at: '2026-01-12T10:00:00.000Z',
    last_rto_seconds: 65,
    rto_trend: [
      { at: '2026-01-05T10:00:00.000Z', rto_seconds: 80 },
      { at: '2026-01-12T10:00:00.000Z', rto_seconds: 65 },
    ],
    next_scheduled_at: null,
    critical: false,
    ...overrides,
  };
}

/** The signed evidence of buildRestoreTest(): NICs down, cleanup done. */
export function buildEvidence(overrides: Partial<RestoreTestEvidence> = {}): RestoreTestEvidence {
  return {
    format: 'proxai-restore-test-evidence/1',
    restore_test_id: TEST_1,
    organisation_id: '00000000-0000-4000-8000-0000000000e1',
    guest: { id: GUEST_1, name: 'web-01', type: 'qemu', vmid: 100, host_id: HOST_A, host_name: 'pve-a', node: 'pve1' },
    backup: { volid: 'local:backup/vzdump-qemu-100-2026_01_12-03_00_02.vma.zst', time: '2026-01-12T02:00:02.000Z' },
    target: { node: 'pve1', storage: 'local-lvm', restored_vmid: 9001 },
    preflight: {},
    timings: { restore_s: 40, boot_s: 20, healthy_s: 5, cleanup_s: 8 },
    rto_seconds: 65,
    probes: [],
    isolation: { checked: true, all_links_down: true, nics: { net0: 'virtio=BC:24:11:00:00:01,bridge=vmbr0,link_down=1' } },
    cleanup: { attempted: true, vmid_gone: true, leftover_volumes: [], detail: 'VMID 9001 and its disks are gone' },
    result: { status: 'passed', reason: null },
    started_at: '2026-01-12T10:00:00.000Z',
    ended_at: '2026-01-12T10:01:13.000Z',
    signed_at: '2026-01-12T10:01:14.000Z',
    algorithm: 'Ed25519',
    key_id: '0123456789abcdef',
    signature: 'c2lnbmF0dXJl',
    ...overrides,
  };
}
