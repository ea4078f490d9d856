import type { BulkAction, FieldError, Schedule, ScheduleInput, SchedulePatch, ScheduleKind, Selector } from '@proxai/contract';
import { cronProblem } from './cron';
import {
  backupDraftOf,
  backupParams,
  backupProblems,
  emptyBackupDraft,
  emptyRestoreTestDraft,
  policyFieldOf,
  restoreTestDraftOf,
  restoreTestParams,
  restoreTestProblems,
  type BackupDraft,
  type BackupField,
  type RestoreTestDraft,
  type RestoreTestField,
} from './policy-form-state';
import { isTimeZone } from './time-zones';

// The schedule editor's state, its checks and the request it sends. The checks are the contract's
// (ScheduleInputSchema; schedule-form-state.test.ts holds them to it) written out with one translated message
// per field: the page does not load zod for them, and the server checks again anyway.

/** The criteria a selector can combine (a guest must match every one ticked). */
export const CRITERIA = ['hosts', 'guests', 'vmids', 'tags', 'pools'] as const;
export type Criterion = (typeof CRITERIA)[number];

export interface ScheduleFormState {
  name: string;
  kind: ScheduleKind;
  /** Snapshot policy. Counts as typed (strings), read when sent. */
  prefix: string;
  keepLast: string;
  keepHourly: string;
  keepDaily: string;
  keepWeekly: string;
  vmstate: boolean;
  /** Power action. */
  action: BulkAction;
  /** Backup policy (policy-form-state.ts). */
  backup: BackupDraft;
  /** Restore-test policy. */
  restoreTest: RestoreTestDraft;
  /** 'all': every guest; 'match': the guests matching every ticked criterion. */
  target: 'all' | 'match';
  criteria: Record<Criterion, boolean>;
  hostIds: string[];
  guestIds: string[];
  /** Comma- or space-separated, as typed. */
  vmids: string;
  tags: string;
  pools: string;
  cron: string;
  timezone: string;
  /** '' for none. */
  windowId: string;
  enabled: boolean;
  catchUp: boolean;
}

/** Field → the key of its message in the automation namespace. */
export type ScheduleFormErrors = Partial<Record<ScheduleField, string>>;
export type ScheduleField =
  | 'name'
  | 'prefix'
  | 'keep'
  | 'target'
  | Criterion
  | 'cron'
  | 'timezone'
  | 'window'
  | 'action'
  | BackupField
  | RestoreTestField
  | 'probes';

export function emptyScheduleForm(timezone: string): ScheduleFormState {
  return {
    name: '',
    kind: 'snapshot',
    prefix: 'auto',
    keepLast: '0',
    keepHourly: '0',
    keepDaily: '7',
    keepWeekly: '4',
    vmstate: false,
    action: 'stop',
    backup: emptyBackupDraft(),
    restoreTest: emptyRestoreTestDraft(),
    target: 'all',
    criteria: { hosts: false, guests: false, vmids: false, tags: false, pools: false },
    hostIds: [],
    guestIds: [],
    vmids: '',
    tags: '',
    pools: '',
    cron: '0 2 * * *',
    timezone,
    windowId: '',
    enabled: true,
    catchUp: false,
  };
}

const count = (params: Record<string, unknown>, key: string) => String(typeof params[key] === 'number' ? params[key] : 0);

/** The editor filled with a schedule, to change it. */
export function scheduleToForm(schedule: Schedule, fallbackTimezone: string): ScheduleFormState {
  const base = emptyScheduleForm(schedule.timezone || fallbackTimezone);
  const p = schedule.params;
  const s = schedule.selector;
  return {
    ...base,
    name: schedule.name,
    kind: schedule.kind,
    prefix: typeof p.prefix === 'string' ? p.prefix : base.prefix,
    keepLast: count(p, 'keep_last'),
    keepHourly: count(p, 'keep_hourly'),
    keepDaily: count(p, 'keep_daily'),
    keepWeekly: count(p, 'keep_weekly'),
    vmstate: p.vmstate === true,
    action: p.action === 'start' || p.action === 'restart' ? p.action : 'stop',
    backup: schedule.kind === 'backup' ? backupDraftOf(p) : base.backup,
    restoreTest: schedule.kind === 'restore-test' ? restoreTestDraftOf(p) : base.restoreTest,
    target: s.all ? 'all' : 'match',
    criteria: {
      hosts: Boolean(s.host_ids),
      guests: Boolean(s.guest_ids),
      vmids: Boolean(s.vmids),
      tags: Boolean(s.tags),
      pools: Boolean(s.pools),
    },
    hostIds: s.host_ids ?? [],
    guestIds: s.guest_ids ?? [],
    vmids: (s.vmids ?? []).join(', '),
    tags: (s.tags ?? []).join(', '),
    pools: (s.pools ?? []).join(', '),
    cron: schedule.cron,
    windowId: schedule.window_id ?? '',
    enabled: schedule.enabled,
    catchUp: schedule.catch_up,
  };
}

const words = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean);

const PREFIX = /^[A-Za-z][A-Za-z0-9_]{0,19}$/;
const KEEP_KEYS = ['keepLast', 'keepHourly', 'keepDaily', 'keepWeekly'] as const;

function keepCount(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const n = Number(text);
  return n <= 1000 ? n : null;
}

function vmidList(text: string): number[] | null {
  const list = words(text).map((w) => (/^\d+$/.test(w) ? Number(w) : NaN));
  return list.every((n) => Number.isInteger(n) && n >= 100 && n <= 999_999_999) ? [...new Set(list)] : null;
}

/** Every problem of the form, as message keys of the automation namespace; empty when it can be sent. */
export function validateScheduleForm(f: ScheduleFormState): ScheduleFormErrors {
  const e: ScheduleFormErrors = {};
  const name = f.name.trim();
  if (!name) e.name = 'form.errors.nameRequired';
  else if (name.length > 80) e.name = 'form.errors.nameTooLong';
  if (f.kind === 'snapshot') {
    if (!PREFIX.test(f.prefix.trim())) e.prefix = 'form.errors.prefix';
    const keeps = KEEP_KEYS.map((k) => keepCount(f[k]));
    if (keeps.some((k) => k === null)) e.keep = 'form.errors.keepRange';
    else if (keeps.every((k) => k === 0)) e.keep = 'form.errors.keepOne';
  }
  if (f.kind === 'backup') Object.assign(e, backupProblems(f.backup));
  if (f.kind === 'restore-test') Object.assign(e, restoreTestProblems(f.restoreTest));
  if (f.target === 'match') {
    const used = CRITERIA.filter((c) => f.criteria[c]);
    if (used.length === 0) e.target = 'form.errors.targetEmpty';
    if (f.criteria.hosts && f.hostIds.length === 0) e.hosts = 'form.errors.hostsEmpty';
    if (f.criteria.guests && f.guestIds.length === 0) e.guests = 'form.errors.guestsEmpty';
    if (f.criteria.vmids) {
      const list = vmidList(f.vmids);
      if (!list || list.length === 0) e.vmids = 'form.errors.vmids';
    }
    for (const c of ['tags', 'pools'] as const) {
      const list = words(f[c]);
      if (f.criteria[c] && (list.length === 0 || list.length > 50 || list.some((w) => w.length > 64))) e[c] = `form.errors.${c}`;
    }
  }
  const problem = cronProblem(f.cron);
  if (problem)
    e.cron = { fields: 'form.errors.cronFields', syntax: 'form.errors.cronSyntax', never: 'form.errors.cronNever' }[problem];
  if (!isTimeZone(f.timezone.trim())) e.timezone = 'form.errors.timezone';
  return e;
}

function selectorOf(f: ScheduleFormState): Selector {
  if (f.target === 'all') return { all: true };
  const s: Selector = {};
  if (f.criteria.hosts) s.host_ids = [...f.hostIds];
  if (f.criteria.guests) s.guest_ids = [...f.guestIds];
  if (f.criteria.vmids) s.vmids = vmidList(f.vmids) ?? [];
  if (f.criteria.tags) s.tags = [...new Set(words(f.tags))];
  if (f.criteria.pools) s.pools = [...new Set(words(f.pools))];
  return s;
}

type SnapshotParams = Extract<ScheduleInput, { kind: 'snapshot' }>['params'];

function snapshotParams(f: ScheduleFormState): SnapshotParams {
  return {
    prefix: f.prefix.trim(),
    keep_last: Number(f.keepLast.trim() || 0),
    keep_hourly: Number(f.keepHourly.trim() || 0),
    keep_daily: Number(f.keepDaily.trim() || 0),
    keep_weekly: Number(f.keepWeekly.trim() || 0),
    vmstate: f.vmstate,
  };
}

/** POST /schedules: a valid form (validateScheduleForm empty) as the contract's ScheduleInput. */
export function scheduleInput(f: ScheduleFormState): ScheduleInput {
  const common = {
    name: f.name.trim(),
    cron: f.cron.trim().replace(/\s+/g, ' '),
    timezone: f.timezone.trim(),
    window_id: f.windowId || null,
    selector: selectorOf(f),
    enabled: f.enabled,
    catch_up: f.catchUp,
  };
  switch (f.kind) {
    case 'snapshot':
      return { ...common, kind: 'snapshot', params: snapshotParams(f) };
    case 'guest_action':
      return { ...common, kind: 'guest_action', params: { action: f.action } };
    case 'backup':
      return { ...common, kind: 'backup', params: backupParams(f.backup) };
    case 'restore-test':
      return { ...common, kind: 'restore-test', params: restoreTestParams(f.restoreTest) };
  }
}

/** PATCH /schedules/{id}: every field but the kind, which a schedule keeps. */
export function schedulePatch(f: ScheduleFormState): SchedulePatch {
  const { kind: _kind, ...patch } = scheduleInput(f);
  return patch;
}

/** Which field a server's field error (`body.params.prefix`, `body.selector.vmids`…) belongs to; null: the form's. */
export function fieldOfServerError(error: FieldError): ScheduleField | null {
  const path = error.path.replace(/^body\.?/, '');
  const [head = '', sub = ''] = path.split('.');
  switch (head) {
    case 'name':
    case 'cron':
    case 'timezone':
      return head;
    case 'window_id':
      return 'window';
    case 'params':
      if (sub === 'prefix') return 'prefix';
      if (sub === 'action') return 'action';
      return policyFieldOf(sub) ?? (sub ? null : 'keep');
    case 'selector':
      switch (sub) {
        case 'host_ids':
          return 'hosts';
        case 'guest_ids':
          return 'guests';
        case 'vmids':
        case 'tags':
        case 'pools':
          return sub;
        default:
          return 'target';
      }
    default:
      return null;
  }
}
