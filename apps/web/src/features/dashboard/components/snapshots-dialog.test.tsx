import type { GuestSnapshot, Vm } from '@proxai/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { buildTaskDetail } from '@/testing/build-task';
import { buildVm } from '@/testing/build-vm';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { SnapshotsDialog } from './snapshots-dialog';

const VM = buildVm();

const snapshot = (overrides: Partial<GuestSnapshot>): GuestSnapshot => ({
  name: 'pre-patch',
  description: '',
  created_at: '2026-01-10T08:00:00.000Z',
  parent: null,
  vmstate: false,
  by_policy: false,
  ...overrides,
});

const BASE = `/api/vms/${VM.id}/snapshots`;

/** The snapshot list answers `lists` in turn (the last one from then on); every operation is a task that succeeds. */
function stub(...lists: GuestSnapshot[][]): ApiCall[] {
  let reads = 0;
  const accepted = () => json({ task_id: 't1' }, 202);
  return stubApi({
    [`GET ${BASE}`]: () => json({ items: lists[Math.min(reads++, lists.length - 1)] }),
    [`POST ${BASE}`]: accepted,
    [`POST ${BASE}/pre-patch/rollback`]: accepted,
    [`DELETE ${BASE}/pre-patch`]: accepted,
    'GET /api/tasks/t1': () => json(buildTaskDetail({ id: 't1', status: 'succeeded' })),
    'GET /api/vms': () => json([VM]),
    'GET /api/hosts': () => json([]),
    'GET /api/stats': () => json({}),
  });
}

function renderDialog(vm: Vm = VM, canWrite = true) {
  const onClose = vi.fn();
  renderWithQuery(<SnapshotsDialog vm={vm} canWrite={canWrite} onClose={onClose} />);
  return onClose;
}

const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.pathname}`);

describe('SnapshotsDialog', () => {
  inEnglish(['dashboard', 'common']);

  it('lists the snapshots, newest first, with their date, RAM and policy badges; not PVE’s "current"', async () => {
    stub([
      snapshot({ name: 'pre-patch', description: 'before patching' }),
      snapshot({ name: 'auto-20260112020000', created_at: '2026-01-12T02:00:00.000Z', vmstate: true, by_policy: true }),
      snapshot({ name: 'current', created_at: null }),
    ]);
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Snapshots of web-01' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('snapshot-item');
    expect(items.map((i) => i.dataset.name)).toEqual(['auto-20260112020000', 'pre-patch']);
    expect(items[0]).toHaveTextContent('RAM');
    expect(within(items[0]!).getByTestId('snapshot-policy')).toHaveTextContent('Policy');
    expect(items[0]).toHaveTextContent('Jan 12, 2026');
    expect(items[1]).toHaveTextContent('before patching');
    expect(within(items[1]!).queryByTestId('snapshot-policy')).toBeNull();
  });

  it('takes a snapshot with RAM: checks the name first, sends it, follows the task, reads the list again', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stub([], [snapshot({ name: 'before-upgrade', vmstate: true })]);
    renderDialog();
    expect(await screen.findByTestId('snapshots-empty')).toHaveTextContent('No snapshot yet');
    await userEvent.type(screen.getByTestId('snapshot-name'), '1st try');
    await userEvent.click(screen.getByTestId('snapshot-create'));
    expect(screen.getByTestId('snapshot-name')).toHaveAccessibleDescription(
      expect.stringContaining('Use a letter, then 1 to 39'),
    );
    expect(writes(calls)).toEqual([]);

    await userEvent.clear(screen.getByTestId('snapshot-name'));
    await userEvent.type(screen.getByTestId('snapshot-name'), 'before-upgrade');
    await userEvent.type(screen.getByTestId('snapshot-description'), 'kernel 6.8');
    await userEvent.click(screen.getByTestId('snapshot-ram'));
    await userEvent.click(screen.getByTestId('snapshot-create'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Snapshot before-upgrade taken'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'before-upgrade',
      description: 'kernel 6.8',
      vmstate: true,
    });
    expect(await screen.findByTestId('snapshot-item')).toHaveAttribute('data-name', 'before-upgrade');
    expect(screen.getByTestId('snapshot-name')).toHaveValue('');
  });

  it('a stopped VM has no RAM in use to include', async () => {
    stub([]);
    renderDialog({ ...VM, state: 'stopped' });
    const ram = await screen.findByTestId('snapshot-ram');
    expect(ram).toBeDisabled();
    expect(ram).toHaveAccessibleDescription('The VM is stopped: it has no memory in use to save.');
  });

  it('a container has no RAM to include', async () => {
    const calls = stub([]);
    renderDialog({ ...VM, type: 'lxc' });
    const ram = await screen.findByTestId('snapshot-ram');
    expect(ram).toBeDisabled();
    expect(ram).toHaveAccessibleDescription('Containers have no RAM state to save.');
    await userEvent.type(screen.getByTestId('snapshot-name'), 'ct-snap');
    await userEvent.click(screen.getByTestId('snapshot-create'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'ct-snap', description: '', vmstate: false }),
    );
  });

  it('rolling back warns that the current state is lost, and runs only once confirmed', async () => {
    const calls = stub([snapshot({})]);
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back to pre-patch' }));
    const confirm = screen.getByRole('dialog', { name: 'Roll back web-01 to pre-patch?' });
    expect(confirm).toHaveTextContent('The current state of web-01 will be lost');
    expect(writes(calls)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(writes(calls)).toEqual([`POST ${BASE}/pre-patch/rollback`]));
    // The list is read again once the task has ended.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === BASE)).toHaveLength(2));
  });

  it('deleting asks first; a cancelled question sends nothing', async () => {
    const calls = stub([snapshot({})]);
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete pre-patch' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete snapshot pre-patch?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(writes(calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete pre-patch' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete snapshot pre-patch?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(writes(calls)).toEqual([`DELETE ${BASE}/pre-patch`]));
  });

  it('a read-only member only reads the list', async () => {
    stub([snapshot({})]);
    renderDialog(VM, false);
    await screen.findByTestId('snapshot-item');
    expect(screen.queryByTestId('snapshot-form')).toBeNull();
    expect(screen.queryByTestId('snapshot-rollback')).toBeNull();
  });
});
