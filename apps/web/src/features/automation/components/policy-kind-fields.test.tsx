import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { buildSchedule } from '../testing/build-automation';
import { HOST_A, me, renderAutomation, setUpAutomationTests } from '../testing/render';
import { ProbesEditorContext, type ProbesEditorProps, type ProbesEditorSlot } from './probes-editor-slot';
import { ScheduleDialog } from './schedule-dialog';

function stub(save: (call: ApiCall) => Response = (call) => json(buildSchedule(call.body as object), 201)): ApiCall[] {
  return stubApi({
    'GET /api/auth/me': me('Europe/Paris'),
    'GET /api/hosts': () => json([{ id: HOST_A, name: 'pve-a' }]),
    'GET /api/vms': () => json([]),
    'POST /api/schedules': (_url, call) => save(call),
  });
}

/** Stands for the backups feature's editor (src/app provides the real one): a button that sets two probes. */
function FakeEditor({ id, onChange }: ProbesEditorProps) {
  return (
    <button type="button" id={id} onClick={() => onChange([{ type: 'agent_ping' }, { type: 'tcp', port: 0 }])}>
      fake editor
    </button>
  );
}

describe('ScheduleDialog with the backup and restore-test kinds', { timeout: 30_000 }, () => {
  setUpAutomationTests('2026-01-12T12:00:00Z');

  it('creates a backup policy with its storage, mode, retention, bandwidth and protection', async () => {
    const calls = stub();
    const onClose = vi.fn();
    renderAutomation(<ScheduleDialog schedule={null} windows={[]} myTimeZone="Europe/Paris" onClose={onClose} />);
    await userEvent.type(screen.getByTestId('schedule-name'), 'Nightly backups');
    await userEvent.click(screen.getByTestId('kind-backup'));
    await userEvent.click(screen.getByTestId('schedule-save'));
    expect(screen.getByTestId('backup-storage')).toHaveAccessibleDescription('Enter the target storage.');
    await userEvent.type(screen.getByTestId('backup-storage'), 'pbs-main');
    await userEvent.selectOptions(screen.getByTestId('backup-mode'), 'suspend');
    await userEvent.clear(screen.getByTestId('backup-keepDaily'));
    await userEvent.type(screen.getByTestId('backup-keepDaily'), '7');
    await userEvent.type(screen.getByTestId('backup-bwlimit'), '51200');
    await userEvent.click(screen.getByTestId('backup-protected'));
    await userEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      kind: 'backup',
      params: {
        storage: 'pbs-main',
        mode: 'suspend',
        compress: 'zstd',
        keep_last: 0,
        keep_daily: 7,
        keep_weekly: 0,
        keep_monthly: 0,
        notes_template: '{{guestname}}',
        bwlimit_kib: 51200,
        protected: true,
      },
    });
  });

  it('uses the provided probes editor for restore tests, and refuses probes it finds invalid', async () => {
    const calls = stub();
    const slot: ProbesEditorSlot = {
      Editor: FakeEditor,
      isValid: (probes) => probes.every((p) => p.type !== 'tcp' || p.port > 0),
    };
    renderAutomation(
      <ProbesEditorContext value={slot}>
        <ScheduleDialog schedule={null} windows={[]} myTimeZone="Europe/Paris" onClose={vi.fn()} />
      </ProbesEditorContext>,
    );
    await userEvent.type(screen.getByTestId('schedule-name'), 'Weekly tests');
    await userEvent.click(screen.getByTestId('kind-restore-test'));
    await userEvent.click(screen.getByText('fake editor'));
    await userEvent.click(screen.getByTestId('schedule-save'));
    expect(
      await screen.findByText('Check the probes: each one’s problem is shown beside it.'.replace('’', "'")),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('fake editor')).toHaveFocus());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a restore-test policy’s probes read-only without an editor, and sends them', async () => {
    const calls = stub();
    const onClose = vi.fn();
    renderAutomation(<ScheduleDialog schedule={null} windows={[]} myTimeZone="Europe/Paris" onClose={onClose} />);
    await userEvent.type(screen.getByTestId('schedule-name'), 'Weekly tests');
    await userEvent.click(screen.getByTestId('kind-restore-test'));
    expect(within(screen.getByTestId('probes-readonly')).getByRole('listitem')).toHaveTextContent('Agent ping');
    await userEvent.clear(screen.getByTestId('restore-test-max-guests'));
    await userEvent.type(screen.getByTestId('restore-test-max-guests'), '2');
    await userEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      kind: 'restore-test',
      params: {
        probes: [{ type: 'agent_ping' }],
        max_guests_per_run: 2,
        boot_timeout_seconds: 600,
        healthy_timeout_seconds: 300,
      },
    });
  });

  it('says when the plan lacks the kind, with a link to the plans', async () => {
    stub(() => json({ detail: 'Restore tests need the Pro plan', code: 'plan_required', plan: 'pro' }, 403));
    renderAutomation(<ScheduleDialog schedule={null} windows={[]} myTimeZone="Europe/Paris" onClose={vi.fn()} />);
    await userEvent.type(screen.getByTestId('schedule-name'), 'Weekly tests');
    await userEvent.click(screen.getByTestId('kind-restore-test'));
    await userEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByTestId('schedule-form-error')).toHaveTextContent(
      'Your plan does not include this kind of schedule.',
    );
    expect(screen.getByTestId('schedule-plan-link')).toHaveAttribute('href', '/pricing');
  });
});
