import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { AutomationPage } from './automation-page';
import { buildSchedule, buildWindow } from './testing/build-automation';
import { HOST_A, setUpAutomationTests, me, renderAutomation, signIn } from './testing/render';

const WINDOW = buildWindow({ id: '00000000-0000-4000-8000-0000000000ff' });
const NIGHTLY = buildSchedule({
  id: '00000000-0000-4000-8000-0000000000c1',
  window_id: WINDOW.id,
  next_run_at: '2026-01-13T01:00:00.000Z',
});
const RESTART = buildSchedule({
  id: '00000000-0000-4000-8000-0000000000c2',
  name: 'Weekly restart',
  kind: 'guest_action',
  cron: '*/30 1-3 * * 0',
  params: { action: 'restart' },
  selector: { host_ids: [HOST_A], tags: ['web'] },
  enabled: false,
  next_run_at: null,
});

const page = <T,>(items: T[]) => json({ items, next_cursor: null });

function stub(routes: Record<string, (url: URL, call: ApiCall) => Response> = {}): ApiCall[] {
  return stubApi({
    'GET /api/auth/me': me('America/New_York'),
    'GET /api/schedules': () => page([NIGHTLY, RESTART]),
    'GET /api/windows': () => page([WINDOW]),
    'GET /api/hosts': () => json([{ id: HOST_A, name: 'pve-a' }]),
    ...routes,
  });
}

describe('AutomationPage', () => {
  setUpAutomationTests('2026-01-12T12:00:00Z');
  beforeEach(() => signIn('owner'));

  it("lists the schedules: what, when in words, next run in the person's zone, window, on or off", async () => {
    stub();
    renderAutomation(<AutomationPage />);
    const rows = await screen.findAllByTestId('schedule-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Nightly snapshots');
    expect(rows[0]).toHaveTextContent('Snapshot policyprefix auto · keep daily 7, weekly 4 · all guests');
    expect(rows[0]).toHaveTextContent('Every day at 02:00 AM');
    // 01:00 UTC in New York, the person's zone (the schedule's own, Paris, is named beside its cron).
    expect(within(rows[0]!).getByTestId('schedule-next')).toHaveTextContent('Mon, Jan 12, 08:00 PM');
    expect(rows[0]).toHaveTextContent('Europe/Paris');
    await waitFor(() => expect(rows[0]).toHaveTextContent('Weekend nights'));
    expect(within(rows[0]!).getByRole('switch', { name: 'Enabled: Nightly snapshots' })).toBeChecked();
    // A cron no preset writes is shown as it is; a disabled schedule has no next run.
    expect(rows[1]).toHaveTextContent('*/30 1-3 * * 0');
    expect(rows[1]).toHaveTextContent('Restart · hosts: pve-a · tags: web');
    expect(within(rows[1]!).getByTestId('schedule-next')).toHaveTextContent('—');
    expect(within(rows[1]!).getByRole('switch')).not.toBeChecked();
  });

  it('turns a schedule on, runs one now, deletes one after confirming', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stub({
      'PATCH /api/schedules/00000000-0000-4000-8000-0000000000c2': () => json({ ...RESTART, enabled: true }),
      'POST /api/schedules/00000000-0000-4000-8000-0000000000c1/run': () =>
        json({ task_id: '00000000-0000-4000-8000-0000000000aa' }, 202),
      'DELETE /api/schedules/00000000-0000-4000-8000-0000000000c1': () => new Response(null, { status: 204 }),
    });
    renderAutomation(<AutomationPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Enabled: Weekly restart' }));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: true });

    await userEvent.click(screen.getByRole('button', { name: 'Run Nightly snapshots now' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Nightly snapshots started. Follow it in the task panel.'));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Nightly snapshots' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the schedule Nightly snapshots?' });
    // The safe choice has the focus: Enter does not delete.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(success).toHaveBeenCalledWith('Schedule Nightly snapshots deleted');
  });

  it('no schedule yet: says what they are for and offers to create one; Escape closes the editor', async () => {
    stub({ 'GET /api/schedules': () => page([]) });
    renderAutomation(<AutomationPage />);
    const empty = await screen.findByTestId('schedules-empty');
    expect(empty).toHaveTextContent('No schedule yet');
    await userEvent.click(within(empty).getByRole('button', { name: 'New schedule' }));
    expect(screen.getByRole('dialog', { name: 'New schedule' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed load says so with a retry', async () => {
    let fail = true;
    stub({
      'GET /api/schedules': () => (fail ? json({ detail: 'Database unavailable', code: 'internal' }, 503) : page([NIGHTLY])),
    });
    const client = renderAutomation(<AutomationPage />);
    client.setDefaultOptions({ queries: { retry: false } });
    const error = await screen.findByTestId('automation-error');
    expect(error).toHaveTextContent('The schedules could not be loaded.');
    expect(error).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('schedule-row')).toBeInTheDocument();
  });

  it("a plan without automation: says so with the server's words and links to the plans, no retry", async () => {
    stub({
      'GET /api/schedules': () =>
        json({ detail: 'Automation comes with the Essential plan.', code: 'plan_required', plan: 'essential' }, 403),
    });
    renderAutomation(<AutomationPage />);
    const notice = await screen.findByTestId('automation-plan-required');
    expect(notice).toHaveTextContent('Automation comes with the Essential plan.');
    expect(within(notice).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByTestId('automation-retry')).toBeNull();
  });

  it('tabs: arrows move between them; the windows tab lists windows and shows why one cannot be deleted', async () => {
    const error = vi.spyOn(toast, 'error');
    stub({
      'DELETE /api/windows/00000000-0000-4000-8000-0000000000ff': () =>
        json({ detail: 'Schedules use this window: Nightly snapshots.', code: 'window_in_use' }, 409),
    });
    renderAutomation(<AutomationPage />);
    const schedulesTab = screen.getByRole('tab', { name: 'Schedules' });
    expect(schedulesTab).toHaveAttribute('aria-selected', 'true');
    schedulesTab.focus();
    await userEvent.keyboard('{ArrowRight}');
    const windowsTab = screen.getByRole('tab', { name: 'Maintenance windows' });
    expect(windowsTab).toHaveFocus();
    expect(windowsTab).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByTestId('window-card');
    expect(card).toHaveTextContent('Weekend nights');
    expect(card).toHaveTextContent('Sat, Sun');
    expect(card).toHaveTextContent('From 10:00 PM, for 4 h');
    await waitFor(() => expect(card).toHaveTextContent('Schedules using it: 1'));
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Weekend nights' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('The window could not be deleted', {
        description: 'Schedules use this window: Nightly snapshots.',
      }),
    );
    windowsTab.focus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Planner' })).toHaveAttribute('aria-selected', 'true');
  });

  it("live: a schedule changed elsewhere ('schedule.changed' on the event stream) reloads the list", async () => {
    const sources: { emit: (type: string, data: object) => void }[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        private readonly handlers = new Map<string, (e: { data: string }) => void>();
        onopen: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor() {
          sources.push({
            emit: (type, data) => this.handlers.get(type)?.({ data: JSON.stringify({ id: '1', type, at: '', data }) }),
          });
        }
        addEventListener(type: string, handler: (e: { data: string }) => void) {
          this.handlers.set(type, handler);
        }
        close() {}
      },
    );
    let list = [NIGHTLY];
    const calls = stub({
      'GET /api/schedules': () => page(list),
      'POST /api/events/ticket': () => json({ ticket: 'tk', expires_at: '2026-01-12T12:01:00Z' }),
    });
    renderAutomation(<AutomationPage />);
    await screen.findByTestId('schedule-row');
    await waitFor(() => expect(sources).toHaveLength(1));
    list = [NIGHTLY, RESTART];
    sources[0]!.emit('schedule.changed', { schedule_id: RESTART.id, window_id: null });
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(2));
    expect(calls.filter((c) => c.url.pathname === '/api/schedules')).toHaveLength(2);
  });

  it('an operator may run a schedule now, not change it', async () => {
    signIn('operator');
    stub();
    renderAutomation(<AutomationPage />);
    await screen.findAllByTestId('schedule-row');
    expect(screen.getByTestId('automation-readonly')).toHaveTextContent('Your role can run a schedule now');
    expect(screen.getAllByTestId('schedule-run')).toHaveLength(2);
    expect(screen.queryByTestId('schedule-edit')).toBeNull();
    expect(screen.queryByTestId('schedule-create')).toBeNull();
  });

  it('a read-only member sees the schedules but no way to change them', async () => {
    signIn('readonly');
    stub();
    renderAutomation(<AutomationPage />);
    await screen.findAllByTestId('schedule-row');
    expect(screen.getByTestId('automation-readonly')).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-create')).toBeNull();
    expect(screen.queryByTestId('schedule-delete')).toBeNull();
    expect(screen.queryByTestId('schedule-run')).toBeNull();
    for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeDisabled();
  });
});
