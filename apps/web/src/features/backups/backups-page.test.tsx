import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildTask } from '@/testing/build-task';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { BackupsPage } from './backups-page';
import { buildBackup, buildCoverage, buildGuest, buildStorageRead, GUEST_1, GUEST_2, HOST_A } from './testing/build-backups';
import { renderAt, setUpBackupTests } from './testing/render';

const GUESTS = [buildGuest(), buildGuest({ id: GUEST_2, vmid: 101, name: 'db-01' })];
const page = (items: unknown[], next_cursor: string | null = null, readable_storages = [buildStorageRead()]) =>
  json({ items, next_cursor, readable_storages });

function stub(routes: Record<string, (url: URL, call: ApiCall) => Response> = {}): ApiCall[] {
  return stubApi({
    'GET /api/hosts': () => json([{ id: HOST_A, name: 'pve-a', type: 'pve' }]),
    'GET /api/vms': () => json(GUESTS),
    ...routes,
  });
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.url.pathname === '/api/backups').map((c) => Object.fromEntries(c.url.searchParams));

describe('BackupsPage', { timeout: 20_000 }, () => {
  setUpBackupTests();

  it('lists the backups newest first with their guest, storage, size and flags, and loads the next page on demand', async () => {
    const calls = stub({
      'GET /api/backups': (url) =>
        url.searchParams.get('cursor')
          ? page([buildBackup({ guest_id: GUEST_2, vmid: 101, volid: 'local:backup/old.vma.zst', notes: 'db' })])
          : page(
              [
                buildBackup({ protected: true }),
                buildBackup({
                  source: 'pbs',
                  storage: null,
                  datastore: 'store1',
                  format: 'pbs-vm',
                  verify_state: 'failed',
                  encrypted: true,
                  volid: 'pbs:backup/vm/100/2026-01-11T02:00:00Z',
                }),
              ],
              'next-1',
            ),
    });
    renderAt('/backups', '/backups', <BackupsPage />);
    const rows = await screen.findAllByTestId('backup-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'web-01' })).toHaveAttribute('href', `/vms/${GUEST_1}`);
    expect(rows[0]).toHaveTextContent('local');
    expect(rows[0]).toHaveTextContent('1.5 GiB');
    expect(within(rows[0]!).getByTestId('backup-protected')).toHaveTextContent('Protected');
    expect(rows[1]).toHaveTextContent('store1');
    expect(rows[1]).toHaveTextContent('Backup Server');
    expect(within(rows[1]!).getByTestId('verify-state')).toHaveTextContent('Verification failed');
    expect(within(rows[1]!).getByTestId('backup-encrypted')).toBeInTheDocument();
    expect(screen.getByTestId('storages-readable')).toHaveTextContent('Storages read: local.');

    await userEvent.click(screen.getByTestId('backups-more'));
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(3));
    expect(screen.queryByTestId('backups-more')).not.toBeInTheDocument();
    expect(listCalls(calls)).toEqual([{ limit: '100' }, { limit: '100', cursor: 'next-1' }]);
  });

  it('names the storages the token could not read, so a short list is not taken for no backup', async () => {
    stub({
      'GET /api/backups': () =>
        page([], null, [
          buildStorageRead(),
          buildStorageRead({ storage: 'nfs-backup', readable: false, error: 'Permission check failed (Datastore.Audit)' }),
        ]),
    });
    renderAt('/backups', '/backups', <BackupsPage />);
    const notice = await screen.findByTestId('storages-unreadable');
    expect(notice).toHaveTextContent('Storages the token could not read (1): nfs-backup');
    expect(notice).toHaveTextContent('Permission check failed (Datastore.Audit)');
    expect(screen.getByTestId('backups-empty')).toHaveTextContent('No backup found');
  });

  it('filters by host, guest and age', async () => {
    const calls = stub({ 'GET /api/backups': () => page([buildBackup()]) });
    renderAt('/backups', '/backups', <BackupsPage />);
    await screen.findAllByTestId('backup-row');
    await userEvent.selectOptions(screen.getByTestId('filter-host'), HOST_A);
    await userEvent.selectOptions(screen.getByTestId('filter-guest'), GUEST_2);
    await userEvent.selectOptions(screen.getByTestId('filter-since'), String(24 * 7));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ host_id: HOST_A, guest_id: GUEST_2 }));
    const since = Date.parse(listCalls(calls).at(-1)!.since!);
    expect(Math.abs(Date.now() - 7 * 86_400_000 - since)).toBeLessThan(120_000);
  });

  it('shows the plan-required state when the server answers 403 plan_required', async () => {
    stub({
      'GET /api/backups': () => json({ detail: 'Needs Pro', code: 'plan_required', plan: 'pro' }, 403),
    });
    renderAt('/backups', '/backups', <BackupsPage />);
    expect(await screen.findByTestId('plan-required')).toHaveTextContent('Available from the Pro plan');
    expect(screen.getByTestId('plan-required-link')).toHaveAttribute('href', '/pricing');
  });

  it('shows the coverage: guests without a recent backup, PVE’s list and failed jobs, for the hours chosen', async () => {
    const calls = stub({
      'GET /api/backups': () => page([]),
      'GET /api/backups/coverage': (url) =>
        json(
          buildCoverage({
            hours: Number(url.searchParams.get('hours')),
            guests_without_backup: [
              { guest_id: GUEST_2, name: 'db-01', vmid: 101, host_id: HOST_A, last_backup_at: null, critical: true },
            ],
            not_backed_up_pve: [{ host_id: HOST_A, vmid: 102, name: 'cache', type: 'lxc', guest_id: null }],
            inventory_hosts: [
              {
                host_id: HOST_A,
                refreshed_at: '2026-01-12T10:00:00.000Z',
                last_error: null,
                can_audit_storage: true,
                can_audit_guests: false,
                can_backup: true,
              },
            ],
            failed_jobs: [
              buildTask({
                kind: 'backup.now',
                status: 'failed',
                error: 'VM is locked (snapshot)',
                params: { name: 'web-01' },
                target: { host_id: HOST_A, guest_id: GUEST_1 },
                ended_at: '2026-01-12T03:00:00.000Z',
              }),
            ],
          }),
        ),
    });
    renderAt('/backups?tab=coverage', '/backups', <BackupsPage />);
    const without = await screen.findByTestId('coverage-without');
    expect(within(without).getByRole('heading')).toHaveTextContent('Guests without a backup in the last 24 hours');
    expect(within(without).getByTestId('coverage-without-row')).toHaveTextContent('db-01 (101)Critical');
    expect(within(without).getByTestId('coverage-without-row')).toHaveTextContent('Never');
    expect(screen.getByTestId('coverage-pve-row')).toHaveTextContent('cache (102)');
    expect(screen.getByTestId('inventory-problems')).toHaveTextContent(
      'pve-a: the token lacks VM.Audit, so the backups of the guests it cannot see are missing.',
    );
    expect(screen.getByTestId('coverage-failed-row')).toHaveTextContent('Back up now');
    expect(screen.getByTestId('coverage-failed-row')).toHaveTextContent('VM is locked (snapshot)');

    await userEvent.selectOptions(screen.getByTestId('coverage-hours'), '72');
    await waitFor(() =>
      expect(within(screen.getByTestId('coverage-without')).getByRole('heading')).toHaveTextContent('last 72 hours'),
    );
    expect(calls.filter((c) => c.url.pathname === '/api/backups/coverage').map((c) => c.url.searchParams.get('hours'))).toEqual([
      '24',
      '72',
    ]);
  });

  it("shows Proxmox's own backup jobs read-only beside ProxAI's policies, with a link to Automation", async () => {
    stub({
      'GET /api/backups': () => page([]),
      'GET /api/schedules': () =>
        json({
          items: [
            {
              id: '00000000-0000-4000-8000-0000000000f1',
              name: 'Nightly backups',
              kind: 'backup',
              cron: '0 1 * * *',
              enabled: true,
              next_run_at: null,
            },
            {
              id: '00000000-0000-4000-8000-0000000000f2',
              name: 'Snapshots',
              kind: 'snapshot',
              cron: '0 2 * * *',
              enabled: true,
              next_run_at: null,
            },
          ],
          next_cursor: null,
        }),
      'GET /api/backups/coverage': () =>
        json(
          buildCoverage({
            pve_jobs: [
              {
                host_id: HOST_A,
                id: 'backup-1a2b',
                schedule: 'sat 02:00',
                storage: 'local',
                mode: 'snapshot',
                enabled: true,
                vmids: null,
                all: true,
                exclude: [105],
                pool: null,
                next_run: null,
                comment: 'weekly',
              },
            ],
          }),
        ),
    });
    renderAt('/backups?tab=jobs', '/backups', <BackupsPage />);
    const policy = await screen.findByTestId('policy-row');
    expect(policy).toHaveTextContent('Nightly backups');
    expect(screen.getAllByTestId('policy-row')).toHaveLength(1);
    expect(screen.getByTestId('policies-link')).toHaveAttribute('href', '/automation');
    const job = await screen.findByTestId('pve-job-row');
    expect(job).toHaveTextContent('backup-1a2b');
    expect(job).toHaveTextContent('All guests except 105');
    expect(job).toHaveTextContent('sat 02:00');
    expect(within(job).queryByRole('button')).not.toBeInTheDocument();
  });
});
