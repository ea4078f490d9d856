import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/testing/stub-api';
import { RestoreTestPage } from './restore-test-page';
import { buildEvidence, buildRestoreTest, TEST_1 } from './testing/build-backups';
import { renderAt, setUpBackupTests } from './testing/render';

/** The evidence as the server signs it: canonical JSON (keys sorted, no spaces) and a newline. */
const EVIDENCE_TEXT = `${JSON.stringify(buildEvidence())}\n`;

function evidenceResponse(text = EVIDENCE_TEXT) {
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'content-disposition': `attachment; filename="restore-test-${TEST_1}.json"`,
    },
  });
}

describe('RestoreTestPage', { timeout: 20_000 }, () => {
  setUpBackupTests();

  it('shows what was restored where, the timings and RTO, each probe with its output', async () => {
    stubApi({
      [`GET /api/restore-tests/${TEST_1}`]: () => json(buildRestoreTest()),
      [`GET /api/restore-tests/${TEST_1}/evidence`]: () => evidenceResponse(),
    });
    renderAt(`/restore-tests/${TEST_1}`, '/restore-tests/:id', <RestoreTestPage />);
    expect(await screen.findByRole('heading', { name: 'Restore test of web-01 (100)' })).toBeInTheDocument();
    expect(screen.getByTestId('detail-status')).toHaveTextContent('Passed');
    expect(screen.getByTestId('detail-facts')).toHaveTextContent('pve1 · local-lvm');
    expect(screen.getByTestId('detail-facts')).toHaveTextContent('9001');
    const timings = screen.getByTestId('detail-timings');
    expect(timings).toHaveTextContent('Restore40 s');
    expect(timings).toHaveTextContent('Boot20 s');
    expect(screen.getByTestId('detail-rto')).toHaveTextContent('1 min 5 s');
    const probes = screen.getAllByTestId('probe-result');
    expect(probes[0]).toHaveTextContent('PassedAgent ping');
    expect(probes[1]).toHaveTextContent('HTTP :80/health → 200');
    expect(within(probes[1]!).getByLabelText('What the guest answered')).toHaveTextContent('HTTP 200 ok');
  });

  it('proves the isolation and the cleanup from the signed evidence, and downloads the file byte for byte', async () => {
    stubApi({
      [`GET /api/restore-tests/${TEST_1}`]: () => json(buildRestoreTest()),
      [`GET /api/restore-tests/${TEST_1}/evidence`]: () => evidenceResponse(),
    });
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe(`restore-test-${TEST_1}.json`);
    });
    renderAt(`/restore-tests/${TEST_1}`, '/restore-tests/:id', <RestoreTestPage />);
    const isolation = await screen.findByTestId('isolation-proof');
    expect(within(isolation).getByTestId('isolation-check')).toHaveAttribute('data-ok', 'true');
    expect(isolation).toHaveTextContent('net0: virtio=BC:24:11:00:00:01,bridge=vmbr0,link_down=1');
    expect(within(screen.getByTestId('cleanup-proof')).getByTestId('cleanup-check')).toHaveTextContent(
      'The temporary guest and its disks are gone.',
    );
    expect(screen.getByTestId('evidence')).toHaveTextContent('with key 0123456789abcdef');
    await userEvent.click(screen.getByTestId('evidence-download'));
    expect(clicked).toHaveBeenCalledOnce();
    expect(await saved[0]!.text()).toBe(EVIDENCE_TEXT);
  });

  it('says when a NIC was not down or a volume was left behind', async () => {
    const evidence = buildEvidence({
      isolation: { checked: true, all_links_down: false, nics: { net0: 'virtio=BC:24:11:00:00:01,bridge=vmbr0' } },
      cleanup: { attempted: true, vmid_gone: true, leftover_volumes: ['local-lvm:vm-9001-disk-0'], detail: 'a disk is left' },
    });
    stubApi({
      [`GET /api/restore-tests/${TEST_1}`]: () =>
        json(buildRestoreTest({ status: 'failed', reason: 'net0 is not link_down=1: refused to start', rto_seconds: null })),
      [`GET /api/restore-tests/${TEST_1}/evidence`]: () => evidenceResponse(`${JSON.stringify(evidence)}\n`),
    });
    renderAt(`/restore-tests/${TEST_1}`, '/restore-tests/:id', <RestoreTestPage />);
    expect(await screen.findByTestId('detail-reason')).toHaveTextContent('net0 is not link_down=1: refused to start');
    expect(await screen.findByTestId('isolation-check')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('isolation-check')).toHaveTextContent('A network interface was not down');
    expect(screen.getByTestId('cleanup-proof')).toHaveTextContent('local-lvm:vm-9001-disk-0');
  });

  it('follows a running test until it ends, then shows its evidence', async () => {
    let status: 'running' | 'passed' = 'running';
    const calls = stubApi({
      [`GET /api/restore-tests/${TEST_1}`]: () =>
        json(buildRestoreTest(status === 'running' ? { status, has_evidence: false, rto_seconds: null, ended_at: null } : {})),
      [`GET /api/restore-tests/${TEST_1}/evidence`]: () => evidenceResponse(),
    });
    const client = renderAt(`/restore-tests/${TEST_1}`, '/restore-tests/:id', <RestoreTestPage />);
    client.setQueryData(['backups', 'restore-tests', 'summary'], { items: [] });
    expect(await screen.findByTestId('detail-status')).toHaveTextContent('RunningRunning: this page follows it.');
    expect(screen.getByTestId('evidence-pending')).toHaveTextContent('once the test has ended');
    status = 'passed';
    await waitFor(() => expect(screen.getByTestId('detail-status')).toHaveTextContent('Passed'), { timeout: 5000 });
    await screen.findByTestId('evidence-download');
    expect(calls.filter((c) => c.url.pathname.endsWith('/evidence'))).toHaveLength(1);
    // The lists and the summary read while it ran are read again.
    await waitFor(() => expect(client.getQueryState(['backups', 'restore-tests', 'summary'])?.isInvalidated).toBe(true));
  });
});
