import {
  BACKUP_COMPRESSIONS,
  BACKUP_MODES,
  type BackupCompression,
  type BackupMode,
  type Probe,
  type ScheduleInput,
} from '@proxai/contract';

type BackupParams = Extract<ScheduleInput, { kind: 'backup' }>['params'];
type RestoreTestParams = Extract<ScheduleInput, { kind: 'restore-test' }>['params'];

// The editor's state of the two policy kinds issue 19 adds to schedules, a backup policy (vzdump per node) and a
// restore-test policy, with their checks and the params they send. The checks are the contract's
// (BackupPolicyParamsSchema, RestoreTestPolicyParamsSchema; policy-form-state.test.ts holds them to it).

export interface BackupDraft {
  storage: string;
  mode: BackupMode;
  compress: BackupCompression;
  /** Counts as typed; all zero leaves the storage's own retention in force. */
  keepLast: string;
  keepDaily: string;
  keepWeekly: string;
  keepMonthly: string;
  notesTemplate: string;
  /** KiB/s as typed; empty for the storage's or datacenter's limit. */
  bwlimit: string;
  isProtected: boolean;
}

export interface RestoreTestDraft {
  probes: Probe[];
  targetNode: string;
  targetStorage: string;
  maxGuests: string;
  /** Seconds as typed: for the copy to boot, then for every probe to pass. */
  bootTimeout: string;
  healthyTimeout: string;
}

export const BACKUP_KEEPS = ['keepLast', 'keepDaily', 'keepWeekly', 'keepMonthly'] as const;

export function emptyBackupDraft(): BackupDraft {
  return {
    storage: '',
    mode: 'snapshot',
    compress: 'zstd',
    keepLast: '0',
    keepDaily: '0',
    keepWeekly: '0',
    keepMonthly: '0',
    notesTemplate: '{{guestname}}',
    bwlimit: '',
    isProtected: false,
  };
}

export function emptyRestoreTestDraft(): RestoreTestDraft {
  return {
    probes: [{ type: 'agent_ping' }],
    targetNode: '',
    targetStorage: '',
    maxGuests: '5',
    bootTimeout: '600',
    healthyTimeout: '300',
  };
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const whole = (value: unknown, fallback: string) => (typeof value === 'number' ? String(value) : fallback);

/** A saved backup policy's params (loosely typed, as the API answers a schedule) in the editor. */
export function backupDraftOf(p: Record<string, unknown>): BackupDraft {
  const base = emptyBackupDraft();
  return {
    storage: text(p.storage, ''),
    mode: BACKUP_MODES.find((m) => m === p.mode) ?? base.mode,
    compress: BACKUP_COMPRESSIONS.find((c) => c === p.compress) ?? base.compress,
    keepLast: whole(p.keep_last, '0'),
    keepDaily: whole(p.keep_daily, '0'),
    keepWeekly: whole(p.keep_weekly, '0'),
    keepMonthly: whole(p.keep_monthly, '0'),
    notesTemplate: text(p.notes_template, base.notesTemplate),
    bwlimit: typeof p.bwlimit_kib === 'number' ? String(p.bwlimit_kib) : '',
    isProtected: p.protected === true,
  };
}

export function restoreTestDraftOf(p: Record<string, unknown>): RestoreTestDraft {
  return {
    probes: Array.isArray(p.probes) && p.probes.length > 0 ? (p.probes as Probe[]) : emptyRestoreTestDraft().probes,
    targetNode: text(p.target_node, ''),
    targetStorage: text(p.target_storage, ''),
    maxGuests: whole(p.max_guests_per_run, '5'),
    bootTimeout: whole(p.boot_timeout_seconds, '600'),
    healthyTimeout: whole(p.healthy_timeout_seconds, '300'),
  };
}

/** A whole number from `min` to `max` as typed, or null. */
export function wholeIn(typed: string, min: number, max: number): number | null {
  if (!/^\d{1,12}$/.test(typed.trim())) return null;
  const n = Number(typed.trim());
  return n >= min && n <= max ? n : null;
}

const STORAGE = /^[A-Za-z][A-Za-z0-9\-_.]{1,99}$/;
const NODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export type BackupField = 'storage' | 'keep' | 'notes' | 'bwlimit';
export type RestoreTestField = 'maxGuests' | 'targetNode' | 'targetStorage' | 'timeouts';

/** The backup policy's problems, as message keys of the automation namespace. */
export function backupProblems(d: BackupDraft): Partial<Record<BackupField, string>> {
  const e: Partial<Record<BackupField, string>> = {};
  if (!d.storage.trim()) e.storage = 'form.errors.storageRequired';
  else if (!STORAGE.test(d.storage.trim())) e.storage = 'form.errors.storage';
  if (BACKUP_KEEPS.some((k) => wholeIn(d[k], 0, 1000) === null)) e.keep = 'form.errors.keepRange';
  if (d.notesTemplate.trim().length > 1024) e.notes = 'form.errors.notes';
  if (d.bwlimit.trim() && wholeIn(d.bwlimit, 1, 100_000_000) === null) e.bwlimit = 'form.errors.bwlimit';
  return e;
}

export function restoreTestProblems(d: RestoreTestDraft): Partial<Record<RestoreTestField, string>> {
  const e: Partial<Record<RestoreTestField, string>> = {};
  if (wholeIn(d.maxGuests, 1, 50) === null) e.maxGuests = 'form.errors.maxGuests';
  if (wholeIn(d.bootTimeout, 5, 3600) === null || wholeIn(d.healthyTimeout, 0, 3600) === null)
    e.timeouts = 'form.errors.timeouts';
  if (d.targetNode.trim() && !NODE.test(d.targetNode.trim())) e.targetNode = 'form.errors.targetNode';
  if (d.targetStorage.trim() && !STORAGE.test(d.targetStorage.trim())) e.targetStorage = 'form.errors.storage';
  return e;
}

/** The params of a backup policy the checks passed. */
export function backupParams(d: BackupDraft): BackupParams {
  return {
    storage: d.storage.trim(),
    mode: d.mode,
    compress: d.compress,
    keep_last: Number(d.keepLast.trim()),
    keep_daily: Number(d.keepDaily.trim()),
    keep_weekly: Number(d.keepWeekly.trim()),
    keep_monthly: Number(d.keepMonthly.trim()),
    notes_template: d.notesTemplate.trim(),
    bwlimit_kib: d.bwlimit.trim() ? Number(d.bwlimit.trim()) : null,
    protected: d.isProtected,
  };
}

export function restoreTestParams(d: RestoreTestDraft): RestoreTestParams {
  return {
    probes: d.probes,
    max_guests_per_run: Number(d.maxGuests.trim()),
    boot_timeout_seconds: Number(d.bootTimeout.trim()),
    healthy_timeout_seconds: Number(d.healthyTimeout.trim()),
    ...(d.targetNode.trim() ? { target_node: d.targetNode.trim() } : {}),
    ...(d.targetStorage.trim() ? { target_storage: d.targetStorage.trim() } : {}),
  };
}

/** Which editor field a server's error on `params.<sub>` of a policy belongs to; null when none does. */
export function policyFieldOf(sub: string): BackupField | RestoreTestField | 'probes' | null {
  if (sub.startsWith('keep_')) return 'keep';
  const fields: Record<string, BackupField | RestoreTestField | 'probes'> = {
    storage: 'storage',
    notes_template: 'notes',
    bwlimit_kib: 'bwlimit',
    probes: 'probes',
    max_guests_per_run: 'maxGuests',
    target_node: 'targetNode',
    target_storage: 'targetStorage',
    boot_timeout_seconds: 'timeouts',
    healthy_timeout_seconds: 'timeouts',
  };
  return fields[sub] ?? null;
}
