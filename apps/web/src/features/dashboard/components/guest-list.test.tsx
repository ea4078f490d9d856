import type { Vm } from '@proxai/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { buildTaskDetail } from '@/testing/build-task';
import { inEnglish } from '@/testing/english-strings';
import { MemoryRouter } from 'react-router';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { buildHost } from '@/testing/build-host';
import { GuestList } from './guest-list';

const HOST_A = buildHost({ id: '00000000-0000-4000-8000-00000000000a', name: 'pve-a' });
const HOST_B = buildHost({ id: '00000000-0000-4000-8000-00000000000b', name: 'pve-b' });

/** 40 guests: 18 on pve-a, 22 on pve-b; far more than the rows the list draws. */
const VMS: Vm[] = Array.from({ length: 40 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  vmid: 100 + i,
  name: `vm-${String(i).padStart(2, '0')}`,
  state: i % 2 ? 'running' : 'stopped',
  cpu: 2,
  memory: 2048,
  storage: 32,
  type: 'qemu',
  host_id: i < 18 ? HOST_A.id : HOST_B.id,
  node: 'pve',
  uptime: 0,
  tags: [],
  pool: null,
}));

function renderList(canAct = true) {
  renderWithQuery(
    <MemoryRouter>
      <GuestList vms={VMS} hosts={[HOST_A, HOST_B]} isLoading={false} canAct={canAct} />
    </MemoryRouter>,
  );
}

function stubBulk(
  parent = buildTaskDetail({ id: 'p1', status: 'succeeded', summary: { succeeded: 17, failed: 1, skipped: 0 } }),
) {
  return stubApi({
    'POST /api/vms/bulk-action': () => json({ task_id: 'p1' }, 202),
    'GET /api/tasks/p1': () => json(parent),
  });
}

const bulkCalls = (calls: ApiCall[]) => calls.filter((c) => c.url.pathname === '/api/vms/bulk-action');

/** jsdom lays nothing out: the list's scroll box gets a viewport's height, so the virtualiser draws some rows. */
const sized = (size: number) => ({
  configurable: true,
  get(this: HTMLElement) {
    return this.dataset.testid === 'vm-scroll' ? size : 0;
  },
});

describe('GuestList bulk selection', () => {
  inEnglish(['dashboard', 'common']);
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized(320));
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized(1024));
  });
  afterAll(() => {
    // Back to jsdom's own (prototype getters of Element).
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });

  it('"select all" takes every guest the filter shows, not only the rows drawn; the bar counts them', async () => {
    stubBulk();
    renderList();
    await userEvent.selectOptions(screen.getByTestId('vm-host-filter'), HOST_A.id);
    await waitFor(() => expect(screen.getByTestId('vm-count')).toHaveTextContent('18 of 40'));
    const drawn = screen.getAllByTestId('guest-row').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(18);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown guests (18)' }));
    expect(await screen.findByTestId('bulk-count')).toHaveTextContent('18 selected');
    for (const box of screen.getAllByTestId('guest-select')) expect(box).toBeChecked();
    // Unticking one row: 17, and the header box is mixed.
    await userEvent.click(screen.getAllByTestId('guest-select')[0]!);
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('17 selected');
    expect(screen.getByTestId<HTMLInputElement>('guest-select-all').indeterminate).toBe(true);
    await userEvent.click(screen.getByTestId('bulk-clear'));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('asks first, naming the count; then sends the ids, says so, follows the parent task and clears the selection', async () => {
    const info = vi.spyOn(toast, 'info');
    const error = vi.spyOn(toast, 'error');
    const calls = stubBulk();
    renderList();
    await userEvent.selectOptions(screen.getByTestId('vm-host-filter'), HOST_A.id);
    await userEvent.click(screen.getByTestId('guest-select-all'));
    await userEvent.click(await screen.findByTestId('bulk-stop'));
    const dialog = screen.getByRole('dialog', { name: 'Stop 18 guests?' });
    expect(dialog).toHaveTextContent('shut down gracefully');
    expect(bulkCalls(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop 18 guests' }));

    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(1));
    expect(bulkCalls(calls)[0]!.body).toEqual({ action: 'stop', ids: VMS.slice(0, 18).map((v) => v.id) });
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith(expect.stringContaining('Bulk stop started for the selected guests (18)')),
    );
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The parent task ended with one failure: the summary says so, as an error.
    await waitFor(() => expect(error).toHaveBeenCalledWith('Bulk stop finished: 17 succeeded, 1 failed, 0 skipped.'));
    expect(calls.some((c) => c.url.pathname === '/api/tasks/p1')).toBe(true);
  });

  it('one guest: "Restart 1 guest?"; cancelling sends nothing and keeps the selection', async () => {
    const calls = stubBulk();
    renderList();
    await userEvent.click(screen.getAllByTestId('guest-select')[1]!);
    await userEvent.click(await screen.findByTestId('bulk-restart'));
    const dialog = screen.getByRole('dialog', { name: 'Restart 1 guest?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('1 selected');
    expect(bulkCalls(calls)).toEqual([]);
  });

  it('a read-only member gets no selection boxes', () => {
    stubBulk();
    renderList(false);
    expect(screen.queryByTestId('guest-select-all')).toBeNull();
    expect(screen.queryAllByTestId('guest-select')).toEqual([]);
  });
});
