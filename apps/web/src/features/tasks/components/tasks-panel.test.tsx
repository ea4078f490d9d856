import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n, i18nReady } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { buildPage, buildTask, buildTaskDetail } from '@/testing/build-task';
import { json, listCalls, stubApi } from '@/testing/stub-api';
import { TasksPanel } from './tasks-panel';

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback="…">
        <TasksPanel open onOpenChange={() => undefined} returnFocusTo={{ current: null }} hasActiveTasks={false} />
      </Suspense>
    </QueryClientProvider>,
  );
  return client;
}

function signInAs(orgRole: string) {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: '1', email: 'ada@example.org', name: 'Ada', role: 'user', organisation_id: 'o', org_role: orgRole }),
  );
}

const running = buildTask({ progress: 45 });
const failed = buildTask({
  kind: 'guest.stop',
  status: 'failed',
  params: { action: 'stop', vmid: 101, name: 'db-01' },
  created_by: { type: 'api_key', id: 'k', name: 'ci' },
  error: 'VM 101 is locked (backup)',
});
const succeeded = buildTask({
  kind: 'guest.restart',
  status: 'succeeded',
  progress: 100,
  params: { action: 'restart', vmid: 102, name: 'cache-01' },
  created_by: { type: 'schedule', id: 's', name: 'nightly' },
});
const queued = buildTask({ status: 'queued', progress: 0, params: { action: 'start', vmid: 103, name: 'mail-01' } });

describe('TasksPanel', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('tasks');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the tasks in words with their status, who started them, a progress bar for running ones and the error of failed ones', async () => {
    stubApi({ 'GET /api/tasks': () => json(buildPage([running, failed, succeeded, queued])) });
    renderPanel();
    const items = await screen.findAllByTestId('task-item');
    expect(items).toHaveLength(4);
    expect(items.map((i) => within(i).getByTestId('task-status').textContent)).toEqual([
      'Running',
      'Failed',
      'Succeeded',
      'Queued',
    ]);
    expect(within(items[0]!).getByRole('button', { name: 'Start VM web-01 (100)' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Stop VM db-01 (101)' })).toBeInTheDocument();
    expect(items.map((i) => within(i).getByTestId('task-actor').textContent)).toEqual([
      'Started by ada@example.org',
      'Started by the API key ci',
      'Started by the schedule nightly',
      'Started by ada@example.org',
    ]);
    // One progress bar, the running task's.
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0]).toHaveAttribute('aria-valuenow', '45');
    expect(bars[0]).toHaveAccessibleName('Progress: Start VM web-01 (100)');
    expect(within(items[0]!).getByRole('progressbar')).toBe(bars[0]);
    expect(within(items[1]!).getByTestId('task-error')).toHaveTextContent('VM 101 is locked (backup)');
    expect(screen.getAllByTestId('task-error')).toHaveLength(1);
  });

  it('the status filter asks the API for that status only', async () => {
    const calls = stubApi({
      'GET /api/tasks': (url) => json(buildPage(url.searchParams.get('status') === 'failed' ? [failed] : [running, failed])),
    });
    renderPanel();
    expect(await screen.findAllByTestId('task-item')).toHaveLength(2);
    expect(listCalls(calls)).toEqual([{ limit: '20' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() => expect(screen.getAllByTestId('task-item')).toHaveLength(1));
    expect(listCalls(calls).at(-1)).toEqual({ limit: '20', status: 'failed' });
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('"Load more" asks for the next page with its cursor and appends it', async () => {
    const calls = stubApi({
      'GET /api/tasks': (url) =>
        url.searchParams.get('cursor') === 'page-2' ? json(buildPage([queued])) : json(buildPage([running, failed], 'page-2')),
    });
    renderPanel();
    expect(await screen.findAllByTestId('task-item')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('task-item')).toHaveLength(3));
    // Only the next page is asked: the first is the one on screen.
    expect(listCalls(calls)).toEqual([{ limit: '20' }, { limit: '20', cursor: 'page-2' }]);
    expect(screen.getAllByTestId('task-status').map((s) => s.textContent)).toEqual(['Running', 'Failed', 'Queued']);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when there is no task yet', async () => {
    stubApi({ 'GET /api/tasks': () => json(buildPage([])) });
    renderPanel();
    expect(await screen.findByTestId('tasks-empty')).toHaveTextContent('No tasks yet');
  });

  it('shows a busy placeholder while loading, then an error with a retry that asks again', async () => {
    let answer = () => json({ detail: 'Database unavailable', code: 'internal' }, 503);
    const calls = stubApi({ 'GET /api/tasks': () => answer() });
    renderPanel();
    expect(screen.getByTestId('tasks-loading')).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The tasks could not be loaded.');
    expect(alert).toHaveTextContent('Database unavailable');
    answer = () => json(buildPage([running]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('task-item')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('opening a task shows its log lines with their times; back returns to the list with the focus on that task', async () => {
    const detail = buildTaskDetail({
      ...failed,
      upids: ['UPID:pve:0001:0002:0003:qmshutdown:101:root@pam:'],
      log: [
        { at: '2025-06-01T10:00:00.000Z', line: 'Task queued by ci' },
        { at: '2025-06-01T10:00:02.000Z', line: 'VM 101 is locked (backup)' },
      ],
    });
    const calls = stubApi({
      'GET /api/tasks': () => json(buildPage([running, failed])),
      [`GET /api/tasks/${failed.id}`]: () => json(detail),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop VM db-01 (101)' }));
    const log = await screen.findByTestId('task-log');
    expect(calls.some((c) => c.url.pathname === `/api/tasks/${failed.id}`)).toBe(true);
    expect(log).toHaveClass('font-mono');
    const lines = within(log).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Task queued by ci'),
      expect.stringContaining('VM 101 is locked (backup)'),
    ]);
    expect(lines[0]!.querySelector('time')).toHaveAttribute('datetime', '2025-06-01T10:00:00.000Z');
    expect(screen.getByTestId('task-title')).toHaveTextContent('Stop VM db-01 (101)');
    expect(screen.getByText('UPID:pve:0001:0002:0003:qmshutdown:101:root@pam:')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All tasks' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop VM db-01 (101)' })).toHaveFocus());
  });

  it('cancels a queued task: posts the route, says it is done and shows it cancelled', async () => {
    signInAs('operator');
    const success = vi.spyOn(toast, 'success');
    let current = buildTaskDetail({ ...queued, log: [{ at: queued.created_at, line: 'Task queued' }] });
    const calls = stubApi({
      'GET /api/tasks': () => json(buildPage([queued])),
      [`GET /api/tasks/${queued.id}`]: () => json(current),
      [`POST /api/tasks/${queued.id}/cancel`]: () => {
        current = { ...current, status: 'cancelled', error: 'Cancelled by ada@example.org' };
        const { log: _log, children: _children, ...task } = current;
        return json(task);
      },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Start VM mail-01 (103)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel task' }));
    expect(await screen.findByTestId('task-cancel-result')).toHaveTextContent('Task cancelled.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([`/api/tasks/${queued.id}/cancel`]);
    expect(success).toHaveBeenCalledWith('Task cancelled.');
    await waitFor(() => expect(screen.getByTestId('task-detail').querySelector('[data-status]')).toHaveTextContent('Cancelled'));
    expect(screen.getByTestId('task-error')).toHaveTextContent('Cancelled by ada@example.org');
    // Ended: nothing left to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel task' })).not.toBeInTheDocument();
  });

  it("a 409 shows the server's detail", async () => {
    signInAs('owner');
    const error = vi.spyOn(toast, 'error');
    const detail = 'Proxmox refused to stop this task: Permission check failed (/nodes/pve, Sys.Modify)';
    stubApi({
      'GET /api/tasks': () => json(buildPage([queued])),
      [`GET /api/tasks/${queued.id}`]: () => json(buildTaskDetail(queued)),
      [`POST /api/tasks/${queued.id}/cancel`]: () => json({ detail, code: 'invalid_state' }, 409),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Start VM mail-01 (103)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel task' }));
    const result = await screen.findByTestId('task-cancel-result');
    expect(result).toHaveAttribute('role', 'alert');
    expect(result).toHaveTextContent(detail);
    expect(error).toHaveBeenCalledWith('The task could not be cancelled.', { description: detail });
  });

  it('a read-only member is offered no cancel button', async () => {
    signInAs('readonly');
    stubApi({
      'GET /api/tasks': () => json(buildPage([queued])),
      [`GET /api/tasks/${queued.id}`]: () =>
        json(buildTaskDetail({ ...queued, log: [{ at: queued.created_at, line: 'Task queued' }] })),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Start VM mail-01 (103)' }));
    expect(await screen.findByTestId('task-log')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel task' })).not.toBeInTheDocument();
  });

  it('stops a running guest task on its host: "Stop task", then says the stop is asked while it still runs', async () => {
    signInAs('operator');
    const success = vi.spyOn(toast, 'success');
    const stoppable = buildTaskDetail({ ...running, upids: ['UPID:pve:0001:0002:0003:qmstart:100:root@pam:'] });
    const calls = stubApi({
      'GET /api/tasks': () => json(buildPage([running])),
      [`GET /api/tasks/${running.id}`]: () => json(stoppable),
      [`POST /api/tasks/${running.id}/cancel`]: () => {
        const { log: _log, children: _children, ...task } = stoppable;
        return json(task);
      },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Start VM web-01 (100)' }));
    expect(screen.queryByRole('button', { name: 'Cancel task' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop task' }));
    const result = await screen.findByTestId('task-cancel-result');
    expect(result).toHaveTextContent('Stop requested: the task ends once Proxmox has stopped it.');
    expect(success).toHaveBeenCalledWith('Stop requested: the task ends once Proxmox has stopped it.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([`/api/tasks/${running.id}/cancel`]);
  });

  it('offers no cancel for a running task the server cannot stop (one that follows no Proxmox task)', async () => {
    signInAs('owner');
    const other = buildTask({ kind: 'host.sync', params: {}, target: { host_id: null, guest_id: null } });
    stubApi({
      'GET /api/tasks': () => json(buildPage([other])),
      [`GET /api/tasks/${other.id}`]: () => json(buildTaskDetail({ ...other, log: [{ at: other.created_at, line: 'Syncing' }] })),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Task host.sync' }));
    expect(await screen.findByTestId('task-log')).toBeInTheDocument();
    expect(screen.queryByTestId('task-cancel')).not.toBeInTheDocument();
  });

  it('writes the kinds, statuses and actors in the UI language', async () => {
    stubApi({ 'GET /api/tasks': () => json(buildPage([failed])) });
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces('tasks');
    try {
      renderPanel();
      expect(await screen.findByRole('button', { name: 'Arrêter la VM db-01 (101)' })).toBeInTheDocument();
      expect(screen.getByTestId('task-status')).toHaveTextContent('Échouée');
      expect(screen.getByTestId('task-actor')).toHaveTextContent("Lancée par la clé d'API ci");
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
