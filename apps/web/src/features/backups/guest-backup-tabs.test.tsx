import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { GuestBackupTabs } from './guest-backup-tabs';
import {
  buildBackup,
  buildGuest,
  buildRestoreTest,
  buildStorageRead,
  buildSummaryItem,
  GUEST_1,
  HOST_A,
} from './testing/build-backups';
import { renderAt, setUpBackupTests, signIn } from './testing/render';

const BACKUP = buildBackup({ id: '00000000-0000-4000-8000-0000000000b1' });
const TASK = { task_id: '00000000-0000-4000-8000-0000000000d9' };

function stub(guest = buildGuest(), routes: Record<string, (url: URL, call: ApiCall) => Response> = {}): ApiCall[] {
  return stubApi({
    'GET /api/hosts': () => json([{ id: HOST_A, name: 'pve-a', type: 'pve' }]),
    'GET /api/vms': () => json([guest, buildGuest({ id: '00000000-0000-4000-8000-000000000109', node: 'pve2' })]),
    'GET /api/backups': () =>
      json({
        items: [BACKUP],
        next_cursor: null,
        readable_storages: [buildStorageRead(), buildStorageRead({ storage: 'pbs-main', type: 'pbs' })],
      }),
    [`GET /api/vms/${GUEST_1}/critical`]: () => json({ guest_id: GUEST_1, critical: false, tagged: false, effective: false }),
    'GET /api/restore-tests/summary': () => json({ items: [buildSummaryItem()] }),
    'GET /api/restore-tests': () => json({ items: [buildRestoreTest()], next_cursor: null }),
    ...routes,
  });
}

const posted = (calls: ApiCall[], path: string) => calls.find((c) => c.method !== 'GET' && c.url.pathname === path)?.body;

describe('GuestBackupTabs', { timeout: 20_000 }, () => {
  setUpBackupTests();

  it("lists the guest's backups and backs it up now with the storage, mode and compression chosen", async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stub(buildGuest(), { [`POST /api/vms/${GUEST_1}/backup`]: () => json(TASK, 202) });
    renderAt(`/vms/${GUEST_1}`, '/vms/:id', <GuestBackupTabs guestId={GUEST_1} />);
    expect(await screen.findByTestId('backup-row')).toHaveTextContent('local');
    expect(screen.getByRole('tab', { name: 'Backups' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByTestId('back-up-now'));
    const dialog = await screen.findByRole('dialog', { name: 'Back up web-01 now' });
    expect(within(dialog).getByTestId('back-up-now-storage')).toHaveAttribute('placeholder', 'local');
    await userEvent.type(within(dialog).getByTestId('back-up-now-storage'), 'pbs-main');
    await userEvent.selectOptions(within(dialog).getByTestId('back-up-now-mode'), 'stop');
    await userEvent.selectOptions(within(dialog).getByTestId('back-up-now-compress'), 'gzip');
    await userEvent.click(within(dialog).getByTestId('back-up-now-submit'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Backup of web-01 started. Follow it in the task panel.'));
    expect(posted(calls, `/api/vms/${GUEST_1}/backup`)).toEqual({
      storage: 'pbs-main',
      mode: 'stop',
      compress: 'gzip',
      notes: '{{guestname}}',
    });
  });

  it('restores a backup to a new guest', async () => {
    const calls = stub(buildGuest(), { 'POST /api/backups/restore': () => json(TASK, 202) });
    renderAt(`/vms/${GUEST_1}`, '/vms/:id', <GuestBackupTabs guestId={GUEST_1} />);
    await userEvent.click(await screen.findByTestId('backup-restore'));
    const dialog = await screen.findByRole('dialog', { name: 'Restore web-01' });
    await userEvent.type(within(dialog).getByTestId('restore-vmid'), '12');
    await userEvent.click(within(dialog).getByTestId('restore-submit'));
    expect(within(dialog).getByTestId('restore-vmid')).toHaveAccessibleDescription('A VMID is a whole number from 100.');
    await userEvent.clear(within(dialog).getByTestId('restore-vmid'));
    await userEvent.type(within(dialog).getByTestId('restore-vmid'), '120');
    await userEvent.click(within(dialog).getByTestId('restore-start'));
    await userEvent.click(within(dialog).getByTestId('restore-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(calls, '/api/backups/restore')).toEqual({ backup_id: BACKUP.id, target: 'new', start: true, vmid: 120 });
  });

  it('restores over the original only for admins, the guest stopped and the loss acknowledged', async () => {
    const calls = stub(buildGuest(), { 'POST /api/backups/restore': () => json(TASK, 202) });
    renderAt(`/vms/${GUEST_1}`, '/vms/:id', <GuestBackupTabs guestId={GUEST_1} />);
    await userEvent.click(await screen.findByTestId('backup-restore'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('restore-target-original'));
    const warning = within(dialog).getByTestId('restore-original-warning');
    expect(warning).toHaveTextContent('web-01 will be overwritten');
    expect(warning).toHaveTextContent('Stop the guest first');
    await userEvent.click(within(dialog).getByTestId('restore-understood'));
    // Running: Proxmox would refuse; the button stays off.
    expect(within(dialog).getByTestId('restore-submit')).toBeDisabled();
    expect(within(dialog).queryByTestId('restore-vmid')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends a restore over the stopped original once acknowledged', async () => {
    const calls = stub(buildGuest({ state: 'stopped' }), { 'POST /api/backups/restore': () => json(TASK, 202) });
    renderAt(`/vms/${GUEST_1}`, '/vms/:id', <GuestBackupTabs guestId={GUEST_1} />);
    await userEvent.click(await screen.findByTestId('backup-restore'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('restore-target-original'));
    expect(within(dialog).getByTestId('restore-submit')).toBeDisabled();
    await userEvent.click(within(dialog).getByTestId('restore-understood'));
    await userEvent.click(within(dialog).getByTestId('restore-submit'));
    await waitFor(() =>
      expect(posted(calls, '/api/backups/restore')).toEqual({ backup_id: BACKUP.id, target: 'original', start: false }),
    );
  });

  it('offers operators a restore to a new guest only', async () => {
    signIn('operator');
    stub();
    renderAt(`/vms/${GUEST_1}`, '/vms/:id', <GuestBackupTabs guestId={GUEST_1} />);
    await userEvent.click(await screen.findByTestId('backup-restore'));
    expect(within(await screen.findByRole('dialog')).getByTestId('restore-target-original')).toBeDisabled();
  });

  it('shows no back-up or restore button to a read-only member', async () => {
    signIn('readonly');
    stub();
    renderAt(`/vms/${GUEST_1}`, '/vms/:id', <GuestBackupTabs guestId={GUEST_1} />);
    await screen.findByTestId('backup-row');
    expect(screen.queryByTestId('back-up-now')).not.toBeInTheDocument();
    expect(screen.queryByTestId('backup-restore')).not.toBeInTheDocument();
  });

  it("shows the guest's restore tests, marks it critical, and runs a test of it", async () => {
    let critical = false;
    const state = () => json({ guest_id: GUEST_1, critical, tagged: false, effective: critical });
    const calls = stub(buildGuest(), {
      [`GET /api/vms/${GUEST_1}/critical`]: state,
      [`PATCH /api/vms/${GUEST_1}/critical`]: (_url, call) => {
        critical = (call.body as { critical: boolean }).critical;
        return state();
      },
    });
    renderAt(`/vms/${GUEST_1}?tab=restore-tests`, '/vms/:id', <GuestBackupTabs guestId={GUEST_1} />);
    expect(await screen.findByTestId('history-row')).toHaveTextContent('Passed');
    expect(screen.getByTestId('guest-test-summary')).toHaveTextContent('1 min 5 s');
    const toggle = await screen.findByTestId('critical-toggle');
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(posted(calls, `/api/vms/${GUEST_1}/critical`)).toEqual({ critical: true });

    await userEvent.click(screen.getByTestId('guest-run-test'));
    const dialog = await screen.findByRole('dialog', { name: 'Run a restore test of web-01' });
    expect(within(dialog).queryByTestId('run-test-guest')).not.toBeInTheDocument();
  });

  it('says when the guest is tagged critical in Proxmox', async () => {
    stub(buildGuest(), {
      [`GET /api/vms/${GUEST_1}/critical`]: () => json({ guest_id: GUEST_1, critical: false, tagged: true, effective: true }),
    });
    renderAt(`/vms/${GUEST_1}?tab=restore-tests`, '/vms/:id', <GuestBackupTabs guestId={GUEST_1} />);
    expect(await screen.findByTestId('critical-tagged')).toHaveTextContent('Also tagged critical in Proxmox');
  });
});
