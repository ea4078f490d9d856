import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { buildSchedule, buildWindow } from '../testing/build-automation';
import { HOST_A, HOST_B, setUpAutomationTests, me, renderAutomation } from '../testing/render';
import { ScheduleDialog } from './schedule-dialog';

const WINDOW = buildWindow({ id: '00000000-0000-4000-8000-0000000000ff' });
const HOSTS = [
  { id: HOST_A, name: 'pve-a' },
  { id: HOST_B, name: 'pve-b' },
];

function stub(save: (call: ApiCall) => Response = (call) => json(buildSchedule(call.body as object), 201)): ApiCall[] {
  return stubApi({
    'GET /api/auth/me': me('Europe/Paris'),
    'GET /api/hosts': () => json(HOSTS),
    'GET /api/vms': () => json([]),
    'POST /api/schedules': (_url, call) => save(call),
    'PATCH /api/schedules/00000000-0000-4000-8000-000000000042': (_url, call) => save(call),
  });
}

const saves = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

describe('ScheduleDialog', { timeout: 20_000 }, () => {
  setUpAutomationTests('2026-01-12T12:00:00Z');

  it('checks the form before sending: each problem next to its field, the first one focused, nothing sent', async () => {
    const calls = stub();
    renderAutomation(<ScheduleDialog schedule={null} windows={[WINDOW]} myTimeZone="Europe/Paris" onClose={vi.fn()} />);
    await userEvent.clear(screen.getByTestId('keep-daily'));
    await userEvent.type(screen.getByTestId('keep-daily'), '0');
    await userEvent.clear(screen.getByTestId('keep-weekly'));
    await userEvent.type(screen.getByTestId('keep-weekly'), '0');
    await userEvent.click(screen.getByTestId('selector-match'));
    await userEvent.click(screen.getByTestId('schedule-save'));

    const name = screen.getByTestId('schedule-name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter a name.');
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByText('Keep at least one snapshot.')).toBeInTheDocument();
    expect(screen.getByText('Tick at least one criterion, or choose all guests.')).toBeInTheDocument();
    expect(saves(calls)).toEqual([]);
  });

  it('sends what was chosen: a power action on the ticked hosts, every weekday at 22:30, in a window', async () => {
    const onClose = vi.fn();
    const success = vi.spyOn(toast, 'success');
    const calls = stub();
    renderAutomation(<ScheduleDialog schedule={null} windows={[WINDOW]} myTimeZone="Europe/Paris" onClose={onClose} />);
    await userEvent.type(screen.getByTestId('schedule-name'), 'Evening stop');
    await userEvent.click(screen.getByTestId('kind-guest_action'));
    await userEvent.selectOptions(screen.getByTestId('schedule-action'), 'stop');
    await userEvent.click(screen.getByTestId('selector-match'));
    await userEvent.click(screen.getByTestId('criterion-hosts'));
    await userEvent.click((await screen.findAllByTestId('host-option'))[1]!);
    await userEvent.click(screen.getByText('Every week'));
    fireEvent.change(screen.getByTestId('cron-time'), { target: { value: '22:30' } });
    await userEvent.selectOptions(screen.getByTestId('schedule-window'), WINDOW.id);
    await userEvent.click(screen.getByTestId('schedule-catch-up'));
    await userEvent.click(screen.getByTestId('schedule-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [post] = saves(calls);
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({
      name: 'Evening stop',
      kind: 'guest_action',
      params: { action: 'stop' },
      cron: '30 22 * * 1,2,3,4,5',
      timezone: 'Europe/Paris',
      window_id: WINDOW.id,
      selector: { host_ids: [HOST_B] },
      enabled: true,
      catch_up: true,
    });
    expect(success).toHaveBeenCalledWith('Schedule Evening stop created');
  });

  it("shows the server's validation errors next to their fields, and its detail for the rest", async () => {
    const calls = stub(() =>
      json(
        {
          detail: 'The request is not valid.',
          code: 'validation_error',
          errors: [
            { path: 'body.cron', message: 'runs more often than every 5 minutes' },
            { path: 'body.timezone', message: 'unknown time zone' },
          ],
        },
        400,
      ),
    );
    const onClose = vi.fn();
    renderAutomation(<ScheduleDialog schedule={null} windows={[]} myTimeZone="Europe/Paris" onClose={onClose} />);
    await userEvent.type(screen.getByTestId('schedule-name'), 'Too often');
    await userEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('runs more often than every 5 minutes')).toBeInTheDocument();
    expect(screen.getByTestId('schedule-timezone')).toHaveAccessibleDescription('unknown time zone');
    expect(screen.queryByTestId('schedule-form-error')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(saves(calls)).toHaveLength(1);
  });

  it("a refusal of the server's own checks (no field named) shows at the top of the form, focused", async () => {
    stub(() => json({ detail: "The cron '0 0 31 2 *' never runs.", code: 'bad_request' }, 400));
    renderAutomation(<ScheduleDialog schedule={null} windows={[]} myTimeZone="Europe/Paris" onClose={vi.fn()} />);
    await userEvent.type(screen.getByTestId('schedule-name'), 'Never');
    await userEvent.click(screen.getByTestId('schedule-save'));
    const alert = await screen.findByTestId('schedule-form-error');
    expect(alert).toHaveTextContent("The cron '0 0 31 2 *' never runs.");
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('edits a schedule: its fields filled in, its kind fixed, a PATCH without the kind', async () => {
    const schedule = buildSchedule({
      id: '00000000-0000-4000-8000-000000000042',
      cron: '0 3 * * 6,0',
      name: 'Weekend snapshots',
    });
    const calls = stub((call) => json({ ...schedule, ...(call.body as object) }));
    const onClose = vi.fn();
    renderAutomation(<ScheduleDialog schedule={schedule} windows={[]} myTimeZone="Europe/Paris" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Edit the schedule' })).toBeInTheDocument();
    expect(screen.getByTestId('schedule-name')).toHaveValue('Weekend snapshots');
    expect(screen.getByTestId('kind-guest_action')).toBeDisabled();
    expect(screen.getByTestId('cron-preset-weekly')).toBeChecked();
    expect(screen.getByTestId('cron-day-6')).toBeChecked();
    expect(screen.getByTestId('cron-day-1')).not.toBeChecked();
    await userEvent.clear(screen.getByTestId('keep-daily'));
    await userEvent.type(screen.getByTestId('keep-daily'), '14');
    await userEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [patch] = saves(calls);
    expect(patch?.method).toBe('PATCH');
    expect(patch?.body).not.toHaveProperty('kind');
    // The cron untouched is sent as it was written.
    expect(patch?.body).toMatchObject({ cron: '0 3 * * 6,0', params: { keep_daily: 14, keep_weekly: 4 } });
  });

  it('offers the tags and pools the guests carry, toggled into the field, and sends what is ticked or typed', async () => {
    const vm = (id: string, tags: string[], pool: string | null) => ({
      id,
      vmid: 100,
      name: id,
      state: 'running',
      cpu: 1,
      memory: 512,
      storage: 8,
      type: 'qemu',
      host_id: HOST_A,
      node: 'pve-a',
      uptime: 0,
      tags,
      pool,
    });
    const calls = stubApi({
      'GET /api/auth/me': me('Europe/Paris'),
      'GET /api/hosts': () => json(HOSTS),
      'GET /api/vms': () =>
        json([
          vm('00000000-0000-4000-8000-000000000001', ['web', 'prod'], 'prod'),
          vm('00000000-0000-4000-8000-000000000002', ['db'], null),
        ]),
      'POST /api/schedules': (_url, call) => json(buildSchedule(call.body as object), 201),
    });
    renderAutomation(<ScheduleDialog schedule={null} windows={[WINDOW]} myTimeZone="Europe/Paris" onClose={vi.fn()} />);
    await userEvent.type(screen.getByTestId('schedule-name'), 'Tagged');
    await userEvent.click(screen.getByTestId('selector-match'));
    await userEvent.click(screen.getByTestId('criterion-tags'));
    const known = await screen.findAllByTestId('known-tags');
    expect(known.map((b) => b.textContent)).toEqual(['db', 'prod', 'web']);
    await userEvent.click(screen.getByRole('button', { name: 'web' }));
    await userEvent.click(screen.getByRole('button', { name: 'db' }));
    expect(screen.getByTestId('selector-tags')).toHaveValue('web, db');
    expect(screen.getByRole('button', { name: 'web' })).toHaveAttribute('aria-pressed', 'true');
    // Untoggled, and a name no guest carries yet typed by hand.
    await userEvent.click(screen.getByRole('button', { name: 'db' }));
    await userEvent.type(screen.getByTestId('selector-tags'), ', staging');
    await userEvent.click(screen.getByTestId('criterion-pools'));
    const pools = await screen.findAllByTestId('known-pools');
    expect(pools.map((b) => b.textContent)).toEqual(['prod']);
    await userEvent.click(pools[0]!);
    await userEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toMatchObject({ selector: { tags: ['web', 'staging'], pools: ['prod'] } });
  });
});
