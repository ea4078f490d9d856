// @vitest-environment node
import { ScheduleInputSchema } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { emptyBackupDraft, emptyRestoreTestDraft, type BackupDraft, type RestoreTestDraft } from './policy-form-state';
import {
  emptyScheduleForm,
  fieldOfServerError,
  scheduleInput,
  scheduleToForm,
  validateScheduleForm,
  type ScheduleFormState,
} from './schedule-form-state';
import { buildSchedule } from './testing/build-automation';

const backup = (patch: Partial<BackupDraft> = {}): ScheduleFormState => ({
  ...emptyScheduleForm('Europe/Paris'),
  name: 'Nightly backups',
  kind: 'backup',
  backup: { ...emptyBackupDraft(), storage: 'pbs-main', ...patch },
});
const restoreTest = (patch: Partial<RestoreTestDraft> = {}): ScheduleFormState => ({
  ...emptyScheduleForm('Europe/Paris'),
  name: 'Weekly restore tests',
  kind: 'restore-test',
  restoreTest: { ...emptyRestoreTestDraft(), ...patch },
});

describe('backup policies in the schedule editor', () => {
  it('sends the storage retention by default (all keeps at 0), as the contract reads it', () => {
    const input = scheduleInput(backup());
    expect(validateScheduleForm(backup())).toEqual({});
    expect(input).toMatchObject({
      kind: 'backup',
      params: {
        storage: 'pbs-main',
        mode: 'snapshot',
        compress: 'zstd',
        keep_last: 0,
        keep_daily: 0,
        keep_weekly: 0,
        keep_monthly: 0,
        notes_template: '{{guestname}}',
        bwlimit_kib: null,
        protected: false,
      },
    });
    expect(ScheduleInputSchema.safeParse(input).success).toBe(true);
  });

  it('one message per field, as the contract would refuse it', () => {
    const cases: [Partial<BackupDraft>, string, string][] = [
      [{ storage: ' ' }, 'storage', 'form.errors.storageRequired'],
      [{ storage: '1local' }, 'storage', 'form.errors.storage'],
      [{ keepMonthly: '1001' }, 'keep', 'form.errors.keepRange'],
      [{ keepLast: '-1' }, 'keep', 'form.errors.keepRange'],
      [{ notesTemplate: 'x'.repeat(1025) }, 'notes', 'form.errors.notes'],
      [{ bwlimit: '0' }, 'bwlimit', 'form.errors.bwlimit'],
    ];
    for (const [patch, field, message] of cases) {
      const f = backup(patch);
      expect(validateScheduleForm(f), JSON.stringify(patch)).toEqual({ [field]: message });
      expect(ScheduleInputSchema.safeParse(scheduleInput(f)).success, JSON.stringify(patch)).toBe(false);
    }
  });

  it('reads a saved policy back into the editor', () => {
    const params = {
      storage: 'local',
      mode: 'stop',
      compress: 'lzo',
      keep_last: 3,
      keep_daily: 7,
      keep_weekly: 4,
      keep_monthly: 6,
      notes_template: '{{vmid}}',
      bwlimit_kib: 51200,
      protected: true,
    };
    const f = scheduleToForm(buildSchedule({ kind: 'backup', params }), 'UTC');
    expect(scheduleInput(f).params).toEqual(params);
  });
});

describe('restore-test policies in the schedule editor', () => {
  it('sends the probes, target, guests per run and time limits', () => {
    const f = restoreTest({ targetNode: 'pve2', probes: [{ type: 'tcp', port: 443 }], maxGuests: '3', healthyTimeout: '0' });
    expect(validateScheduleForm(f)).toEqual({});
    const input = scheduleInput(f);
    expect(input.params).toEqual({
      probes: [{ type: 'tcp', port: 443 }],
      target_node: 'pve2',
      max_guests_per_run: 3,
      boot_timeout_seconds: 600,
      healthy_timeout_seconds: 0,
    });
    expect(ScheduleInputSchema.safeParse(input).success).toBe(true);
  });

  it('refuses what the contract refuses', () => {
    const cases: [Partial<RestoreTestDraft>, string, string][] = [
      [{ maxGuests: '0' }, 'maxGuests', 'form.errors.maxGuests'],
      [{ maxGuests: '51' }, 'maxGuests', 'form.errors.maxGuests'],
      [{ targetNode: 'pve 2' }, 'targetNode', 'form.errors.targetNode'],
      [{ targetStorage: '-x' }, 'targetStorage', 'form.errors.storage'],
      [{ bootTimeout: '4' }, 'timeouts', 'form.errors.timeouts'],
      [{ healthyTimeout: '3601' }, 'timeouts', 'form.errors.timeouts'],
    ];
    for (const [patch, field, message] of cases) {
      const f = restoreTest(patch);
      expect(validateScheduleForm(f), JSON.stringify(patch)).toEqual({ [field]: message });
      expect(ScheduleInputSchema.safeParse(scheduleInput(f)).success, JSON.stringify(patch)).toBe(false);
    }
  });

  it("puts the server's errors on a policy's params next to their field", () => {
    const field = (path: string) => fieldOfServerError({ path, message: 'x' });
    expect(field('body.params.storage')).toBe('storage');
    expect(field('body.params.keep_monthly')).toBe('keep');
    expect(field('body.params.bwlimit_kib')).toBe('bwlimit');
    expect(field('body.params.probes.1.port')).toBe('probes');
    expect(field('body.params.max_guests_per_run')).toBe('maxGuests');
    expect(field('body.params.boot_timeout_seconds')).toBe('timeouts');
    expect(field('body.params.mode')).toBeNull();
  });
});
