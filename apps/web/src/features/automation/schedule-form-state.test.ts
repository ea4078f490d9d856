import { ScheduleInputSchema, SchedulePatchSchema } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyScheduleForm,
  fieldOfServerError,
  scheduleInput,
  schedulePatch,
  scheduleToForm,
  validateScheduleForm,
  type ScheduleFormState,
} from './schedule-form-state';
import { buildSchedule } from './testing/build-automation';

const HOST = '00000000-0000-4000-8000-00000000000a';
const GUEST = '00000000-0000-4000-8000-0000000000b1';

const form = (patch: Partial<ScheduleFormState> = {}): ScheduleFormState => ({
  ...emptyScheduleForm('Europe/Paris'),
  name: 'Nightly',
  ...patch,
});

describe('validateScheduleForm', () => {
  it('accepts the defaults once named, and then the contract accepts the request too', () => {
    const f = form();
    expect(validateScheduleForm(f)).toEqual({});
    expect(ScheduleInputSchema.safeParse(scheduleInput(f)).success).toBe(true);
  });

  it('one message per field, as the contract would refuse it', () => {
    const cases: [Partial<ScheduleFormState>, string, string][] = [
      [{ name: '  ' }, 'name', 'form.errors.nameRequired'],
      [{ name: 'x'.repeat(81) }, 'name', 'form.errors.nameTooLong'],
      [{ prefix: '1auto' }, 'prefix', 'form.errors.prefix'],
      [{ prefix: 'a'.repeat(21) }, 'prefix', 'form.errors.prefix'],
      [{ keepLast: '0', keepHourly: '0', keepDaily: '0', keepWeekly: '0' }, 'keep', 'form.errors.keepOne'],
      [{ keepDaily: '1001' }, 'keep', 'form.errors.keepRange'],
      [{ keepDaily: '-1' }, 'keep', 'form.errors.keepRange'],
      [{ target: 'match' }, 'target', 'form.errors.targetEmpty'],
      [{ target: 'match', criteria: { ...form().criteria, hosts: true } }, 'hosts', 'form.errors.hostsEmpty'],
      [{ target: 'match', criteria: { ...form().criteria, guests: true } }, 'guests', 'form.errors.guestsEmpty'],
      [{ target: 'match', criteria: { ...form().criteria, vmids: true }, vmids: '100, 99' }, 'vmids', 'form.errors.vmids'],
      [{ target: 'match', criteria: { ...form().criteria, tags: true }, tags: ' , ' }, 'tags', 'form.errors.tags'],
      [{ cron: '0 2 * *' }, 'cron', 'form.errors.cronFields'],
      [{ cron: '' }, 'cron', 'form.errors.cronFields'],
      [{ cron: '0 25 * * *' }, 'cron', 'form.errors.cronSyntax'],
      [{ cron: '0 0 31 2 *' }, 'cron', 'form.errors.cronNever'],
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'form.errors.timezone'],
    ];
    for (const [patch, field, message] of cases) {
      const f = form(patch);
      expect(validateScheduleForm(f), JSON.stringify(patch)).toEqual({ [field]: message });
      // Where the contract can tell, it refuses the same request (crons and zones are the server's to check).
      if (!['cron', 'timezone'].includes(field)) {
        expect(ScheduleInputSchema.safeParse(scheduleInput(f)).success, JSON.stringify(patch)).toBe(false);
      }
    }
  });

  it('a power action needs no snapshot counts', () => {
    expect(validateScheduleForm(form({ kind: 'guest_action', keepDaily: '0', keepWeekly: '0', prefix: '' }))).toEqual({});
  });
});

describe('scheduleInput', () => {
  it('a snapshot policy on all guests, as the contract reads it', () => {
    const input = scheduleInput(form({ name: ' Nightly ', cron: ' 30  2 * * * ', vmstate: true, windowId: '', catchUp: true }));
    expect(input).toEqual({
      name: 'Nightly',
      kind: 'snapshot',
      cron: '30 2 * * *',
      timezone: 'Europe/Paris',
      window_id: null,
      selector: { all: true },
      params: { prefix: 'auto', keep_last: 0, keep_hourly: 0, keep_daily: 7, keep_weekly: 4, vmstate: true },
      enabled: true,
      catch_up: true,
    });
    expect(ScheduleInputSchema.parse(input)).toMatchObject(input);
  });

  it('a power action on the guests matching every ticked criterion', () => {
    const windowId = '00000000-0000-4000-8000-0000000000ff';
    const input = scheduleInput(
      form({
        kind: 'guest_action',
        action: 'restart',
        target: 'match',
        criteria: { hosts: true, guests: false, vmids: true, tags: true, pools: false },
        hostIds: [HOST],
        guestIds: [GUEST],
        vmids: '100 101,101',
        tags: 'web, db web',
        pools: 'ignored',
        windowId,
      }),
    );
    expect(input).toMatchObject({
      kind: 'guest_action',
      params: { action: 'restart' },
      window_id: windowId,
      selector: { host_ids: [HOST], vmids: [100, 101], tags: ['web', 'db'] },
    });
    expect(input.selector).not.toHaveProperty('guest_ids');
    expect(input.selector).not.toHaveProperty('pools');
    expect(ScheduleInputSchema.safeParse(input).success).toBe(true);
  });

  it('PATCH sends every field but the kind', () => {
    const patch = schedulePatch(form({ kind: 'guest_action', action: 'start' }));
    expect(patch).not.toHaveProperty('kind');
    expect(patch).toMatchObject({ name: 'Nightly', params: { action: 'start' }, enabled: true });
    expect(SchedulePatchSchema.safeParse(patch).success).toBe(true);
  });
});

describe('scheduleToForm', () => {
  it('fills the editor with a schedule, and sends it back unchanged', () => {
    const schedule = buildSchedule({
      selector: { host_ids: [HOST], tags: ['web'] },
      window_id: '00000000-0000-4000-8000-0000000000ff',
      catch_up: true,
    });
    const f = scheduleToForm(schedule, 'UTC');
    expect(f).toMatchObject({
      target: 'match',
      criteria: { hosts: true, tags: true, guests: false },
      tags: 'web',
      keepDaily: '7',
    });
    expect(validateScheduleForm(f)).toEqual({});
    const { name, cron, timezone, window_id, selector, params, enabled, catch_up } = schedule;
    expect(schedulePatch(f)).toEqual({ name, cron, timezone, window_id, selector, params, enabled, catch_up });
  });
});

describe('fieldOfServerError', () => {
  it("puts each of the server's field errors next to its field", () => {
    const field = (path: string) => fieldOfServerError({ path, message: 'x' });
    expect(field('body.name')).toBe('name');
    expect(field('body.cron')).toBe('cron');
    expect(field('body.window_id')).toBe('window');
    expect(field('body.params.prefix')).toBe('prefix');
    expect(field('body.params')).toBe('keep');
    expect(field('body.selector.host_ids')).toBe('hosts');
    expect(field('body.selector.vmids.0')).toBe('vmids');
    expect(field('body.selector')).toBe('target');
    expect(field('body')).toBeNull();
  });
});
