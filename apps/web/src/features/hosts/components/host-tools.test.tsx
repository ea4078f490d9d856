import type { Host, HostPrivileges } from '@proxai/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi } from '@/testing/stub-api';
import { buildHost, PINNED, PRESENTED } from '../testing/build-host';
import { HostTools } from './host-tools';

const HOST = buildHost();

const PRIVILEGES: HostPrivileges = {
  checked_at: '2026-03-01T10:15:00.000Z',
  features: [
    {
      feature: 'inventory',
      ok: true,
      privileges: [
        { path: '/nodes/pve', privilege: 'Sys.Audit', granted: true },
        { path: '/vms', privilege: 'VM.Audit', granted: true },
      ],
    },
    { feature: 'guest_actions', ok: true, privileges: [{ path: '/vms', privilege: 'VM.PowerMgmt', granted: true }] },
    {
      feature: 'snapshots',
      ok: false,
      privileges: [
        { path: '/vms', privilege: 'VM.Snapshot', granted: false },
        { path: '/vms', privilege: 'VM.Snapshot.Rollback', granted: false },
      ],
    },
    { feature: 'updates', ok: true, privileges: [{ path: '/nodes/pve', privilege: 'Sys.Modify', granted: true }] },
    {
      feature: 'backups',
      ok: false,
      privileges: [
        { path: '/vms', privilege: 'VM.Backup', granted: true },
        { path: '/storage', privilege: 'Datastore.AllocateSpace', granted: false },
      ],
    },
  ],
};

const ALL_GRANTED: HostPrivileges = {
  ...PRIVILEGES,
  features: PRIVILEGES.features.map((f) => ({ ...f, ok: true, privileges: f.privileges.map((p) => ({ ...p, granted: true })) })),
};

function renderTools(host: Host = HOST, canManage = true) {
  renderWithQuery(<HostTools host={host} canManage={canManage} onChanged={vi.fn()} />);
}

const openPermissions = async () => {
  const toggle = await screen.findByRole('button', { name: /Permissions/ });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return screen.getByRole('region', { name: 'Proxmox permissions of pve-lab' });
};

describe('HostTools', () => {
  inEnglish(['hosts']);

  it('permissions: read only when opened; each feature ok or missing, with the missing privileges and their paths', async () => {
    const calls = stubApi({ [`GET /api/hosts/${HOST.id}/privileges`]: () => json(PRIVILEGES) });
    renderTools();
    await screen.findByRole('button', { name: /Permissions/ });
    expect(calls).toHaveLength(0);
    const panel = await openPermissions();
    const snapshots = await within(panel).findByTestId('host-permissions-snapshots');
    expect(snapshots).toHaveTextContent('Snapshots · Missing');
    expect(snapshots).toHaveTextContent('VM.Snapshot on /vms');
    expect(snapshots).toHaveTextContent('VM.Snapshot.Rollback on /vms');
    expect(within(panel).getByTestId('host-permissions-inventory')).toHaveTextContent('Inventory (nodes, guests, storage) · OK');
    const backups = within(panel).getByTestId('host-permissions-backups');
    expect(backups).toHaveTextContent('Datastore.AllocateSpace on /storage');
    expect(backups).not.toHaveTextContent('VM.Backup');
    // How to grant them, for the host's API token.
    expect(within(panel).getByTestId('host-permissions-hint')).toHaveTextContent(
      'In Proxmox: Datacenter → Permissions → Add, for root@pam!portal, on each path listed.',
    );
    expect(within(panel).getByTestId('host-permissions-commands').textContent).toBe(
      [
        'pveum role add ProxAI --privs "VM.Snapshot,VM.Snapshot.Rollback,Datastore.AllocateSpace"',
        "pveum acl modify /vms --tokens 'root@pam!portal' --roles ProxAI",
        "pveum acl modify /storage --tokens 'root@pam!portal' --roles ProxAI",
      ].join('\n'),
    );
  });

  it('permissions all granted: no hint', async () => {
    stubApi({ [`GET /api/hosts/${HOST.id}/privileges`]: () => json(ALL_GRANTED) });
    renderTools(buildHost({ auth_type: 'password', token_name: null }), false);
    const panel = await openPermissions();
    expect(await within(panel).findByTestId('host-permissions-snapshots')).toHaveTextContent('Snapshots · OK');
    expect(within(panel).queryByTestId('host-permissions-hint')).not.toBeInTheDocument();
  });

  it('permissions of an offline host: the error with its detail, and a retry', async () => {
    let reads = 0;
    stubApi({
      [`GET /api/hosts/${HOST.id}/privileges`]: () =>
        reads++ === 0
          ? json({ detail: 'https://pve.lan:8006 could not be reached', code: 'host_unreachable' }, 502)
          : json(PRIVILEGES),
    });
    renderTools();
    const panel = await openPermissions();
    const error = await within(panel).findByTestId('host-permissions-error');
    expect(error).toHaveTextContent('The permissions could not be read from the host.');
    expect(error).toHaveTextContent('https://pve.lan:8006 could not be reached');
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByTestId('host-permissions-snapshots')).toHaveTextContent('Missing');
  });

  it('a member who may not manage hosts sees the permissions but no Edit', async () => {
    stubApi({});
    renderTools(HOST, false);
    expect(await screen.findByRole('button', { name: /Permissions/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit pve-lab' })).not.toBeInTheDocument();
  });

  it('Edit opens the whole dialog, labelled by the host', async () => {
    stubApi({
      [`GET /api/hosts/${HOST.id}/certificate`]: () => json({ pinned: PINNED, presented: PINNED, matches: true }),
    });
    renderTools();
    expect(screen.queryByTestId('host-renew-certificate')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit pve-lab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit pve-lab' });
    expect(within(dialog).getByTestId('edit-host-name-form')).toBeInTheDocument();
  });

  it('a host offline over its changed certificate offers to renew it, opening the certificate part only', async () => {
    stubApi({
      [`GET /api/hosts/${HOST.id}/certificate`]: () => json({ pinned: PINNED, presented: PRESENTED, matches: false }),
    });
    renderTools(
      buildHost({
        status: 'offline',
        last_error: `The TLS certificate of https://pve.lan:8006 changed: fingerprint ${PRESENTED} instead of the pinned ${PINNED}.`,
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Renew certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew the certificate of pve-lab' });
    expect(await within(dialog).findByTestId('host-certificate-presented')).toHaveTextContent(PRESENTED);
    expect(within(dialog).queryByTestId('edit-host-name-form')).not.toBeInTheDocument();
  });
});
