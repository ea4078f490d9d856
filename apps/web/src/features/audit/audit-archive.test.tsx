import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setStepUpHandler, STEP_UP_HEADER } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { renderAt, setUpPageTests, signIn } from '@/testing/render-at';
import { json, type ApiCall } from '@/testing/stub-api';
import { AuditPage } from './audit-page';
import { ARCHIVE_FILE, archiveAnswer, auditCalls, catchDownloads, RECORDS, STEP_UP, stubAudit } from './testing/audit-api';

const render = () => renderAt('/audit', '/audit', <AuditPage />);

/** The first instant of a day in the browser's zone, as the request must carry it. */
const local = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const pad = (n: number) => String(n).padStart(2, '0');
const asDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The POSTs to the archive, in order. */
const archiveCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/audit/archive');

/** The headers each POST to the archive was sent with. */
const archiveHeaders = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([input, init]) => input === '/api/audit/archive' && init?.method === 'POST')
    .map(([, init]) => init?.headers as Record<string, string>);

/** Opens the dialog from the page's button; answers the dialog. */
async function openArchive() {
  await userEvent.click(await screen.findByRole('button', { name: 'Archive old records' }));
  return screen.findByRole('dialog', { name: 'Archive old records' });
}

/** Lets the second-factor check pass with a proof; returns its remover. */
const proveStepUp = () => setStepUpHandler(() => Promise.resolve('proof'));

/** The archive's route: asks for the second factor first, then answers `answer` to the request sent again. */
function stepUpThen(answer: () => Response) {
  let tries = 0;
  return () => (++tries === 1 ? json(STEP_UP, 401) : answer());
}

describe('Archiving old audit records', { timeout: 20_000 }, () => {
  setUpPageTests(['audit']);

  it('offers the action to owners', async () => {
    stubAudit();
    render();
    expect(await screen.findByRole('button', { name: 'Archive old records' })).toBeInTheDocument();
  });

  it('does not offer it to an administrator, who reads the trail but may not archive it', async () => {
    signIn('admin');
    stubAudit();
    render();
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(2);
    expect(screen.getByTestId('audit-exports')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive old records' })).toBeNull();
    expect(screen.queryByTestId('audit-archive')).toBeNull();
  });

  it.each(['operator', 'readonly'])('does not offer it to a member with the role %s', async (role) => {
    signIn(role);
    stubAudit();
    render();
    expect(await screen.findByTestId('audit-forbidden')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive old records' })).toBeNull();
  });

  it('archives before the chosen day after the second-factor check, saves the file, says how many and reloads the trail', async () => {
    const success = vi.spyOn(toast, 'success');
    const remove = proveStepUp();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let archived = false;
    let tries = 0;
    const calls = stubAudit({
      'GET /api/audit': () => json({ records: archived ? RECORDS.slice(0, 1) : RECORDS, next_before: null }),
      'POST /api/audit/archive': async () => {
        if (++tries === 1) return json(STEP_UP, 401);
        await held;
        archived = true;
        return archiveAnswer({ records: 2 });
      },
    });
    const saved = catchDownloads();
    try {
      render();
      await screen.findAllByTestId('audit-row');
      const opener = screen.getByRole('button', { name: 'Archive old records' });
      const dialog = await openArchive();
      expect(dialog).toHaveTextContent('Archived records are removed from the trail and downloaded as a signed archive');
      expect(dialog).toHaveTextContent('The chain stays verifiable from a checkpoint signed now');
      expect(dialog).toHaveTextContent('a copy of the archive is kept on the server');

      // A year ago at first.
      const now = new Date();
      const lastOfMonth = new Date(now.getFullYear() - 1, now.getMonth() + 1, 0).getDate();
      const yearAgo = asDay(new Date(now.getFullYear() - 1, now.getMonth(), Math.min(now.getDate(), lastOfMonth)));
      const day = within(dialog).getByLabelText('Archive records written before');
      expect(day).toHaveAttribute('type', 'date');
      expect(day).toHaveValue(yearAgo);
      expect(day).toBeRequired();

      fireEvent.change(day, { target: { value: '2025-06-30' } });
      const submit = within(dialog).getByRole('button', { name: 'Archive' });
      await userEvent.click(submit);

      // While the server archives: the button shows its progress and takes no second click.
      await waitFor(() => expect(archiveCalls(calls)).toHaveLength(2));
      expect(submit).toBeDisabled();
      expect(submit).toHaveAttribute('aria-busy', 'true');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(saved).toHaveLength(0);
      release();

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The day's first instant, the same body both times; the second with the step-up's proof.
      expect(archiveCalls(calls).map((c) => c.body)).toEqual([{ before: local('2025-06-30') }, { before: local('2025-06-30') }]);
      const headers = archiveHeaders();
      expect(headers[0]?.[STEP_UP_HEADER]).toBeUndefined();
      expect(headers[1]?.[STEP_UP_HEADER]).toBe('proof');
      expect(headers[1]?.authorization).toMatch(/^Bearer /);

      // The archive, byte for byte, under the server's name.
      expect(saved).toHaveLength(1);
      expect(saved[0]!.name).toBe('proxai-audit-archive-1-2.jsonl');
      expect(await saved[0]!.blob.text()).toBe(ARCHIVE_FILE);
      expect(success).toHaveBeenCalledWith('Records archived: 2. The archive is saved as proxai-audit-archive-1-2.jsonl.');

      // The trail is read again: the archived record is gone from the page.
      await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
      expect(auditCalls(calls)).toHaveLength(2);
      await waitFor(() => expect(opener).toHaveFocus());
    } finally {
      remove();
    }
  });

  it('says when older records remain and the archive can be run again', async () => {
    const success = vi.spyOn(toast, 'success');
    const remove = proveStepUp();
    stubAudit({
      'POST /api/audit/archive': stepUpThen(() => archiveAnswer({ records: 10_000, more: true })),
    });
    const saved = catchDownloads();
    try {
      render();
      const dialog = await openArchive();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(success).toHaveBeenCalledWith(
        'Records archived: 10000. The archive is saved as proxai-audit-archive-1-10000.jsonl. Older records remain: archive again to move them too.',
      );
      expect(saved.map((file) => file.name)).toEqual(['proxai-audit-archive-1-10000.jsonl']);
    } finally {
      remove();
    }
  });

  it('says there was nothing to archive before the day, and saves nothing', async () => {
    const success = vi.spyOn(toast, 'success');
    const info = vi.spyOn(toast, 'info');
    const remove = proveStepUp();
    const calls = stubAudit({
      'POST /api/audit/archive': stepUpThen(() => archiveAnswer({ records: 0 })),
    });
    const saved = catchDownloads();
    try {
      render();
      await screen.findAllByTestId('audit-row');
      const dialog = await openArchive();
      fireEvent.change(within(dialog).getByLabelText('Archive records written before'), { target: { value: '2020-01-15' } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(archiveCalls(calls).at(-1)?.body).toEqual({ before: local('2020-01-15') });
      expect(info).toHaveBeenCalledWith('There was nothing to archive before January 15, 2020.');
      expect(success).not.toHaveBeenCalled();
      expect(saved).toEqual([]);
    } finally {
      remove();
    }
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const success = vi.spyOn(toast, 'success');
    const remove = proveStepUp();
    stubAudit({
      'POST /api/audit/archive': stepUpThen(() =>
        json({ detail: 'The archive directory is not writable', code: 'internal' }, 500),
      ),
    });
    const saved = catchDownloads();
    try {
      render();
      const dialog = await openArchive();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('The archive failed: The archive directory is not writable');
      expect(screen.getByRole('dialog', { name: 'Archive old records' })).toBe(dialog);
      expect(within(dialog).getByRole('button', { name: 'Archive' })).toBeEnabled();
      expect(saved).toEqual([]);
      expect(success).not.toHaveBeenCalled();
    } finally {
      remove();
    }
  });

  it('refuses a day of the last 30 days, or none, before sending anything', async () => {
    const calls = stubAudit();
    render();
    const dialog = await openArchive();
    const day = within(dialog).getByLabelText('Archive records written before');
    const recent = new Date();
    recent.setDate(recent.getDate() - 10);
    fireEvent.change(day, { target: { value: asDay(recent) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    const rule = 'Only records older than 30 days can be archived: choose a date at least 30 days ago.';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(rule);
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAccessibleDescription(expect.stringContaining(rule));
    expect(day).toHaveFocus();

    fireEvent.change(day, { target: { value: '' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a date.');
    expect(archiveCalls(calls)).toEqual([]);

    // Cancel closes without sending.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(archiveCalls(calls)).toEqual([]);
  });

  it('says nothing when the second-factor check is cancelled, and keeps the dialog', async () => {
    const success = vi.spyOn(toast, 'success');
    const remove = setStepUpHandler(() => Promise.reject(Object.assign(new Error('cancelled'), { name: 'StepUpCancelled' })));
    const calls = stubAudit({ 'POST /api/audit/archive': () => json(STEP_UP, 401) });
    const saved = catchDownloads();
    try {
      render();
      const dialog = await openArchive();
      fireEvent.change(within(dialog).getByLabelText('Archive records written before'), { target: { value: '2025-03-01' } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
      await waitFor(() => expect(archiveCalls(calls)).toHaveLength(1));
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Archive' })).toBeEnabled());
      expect(screen.getByRole('dialog', { name: 'Archive old records' })).toBe(dialog);
      expect(within(dialog).queryByRole('alert')).toBeNull();
      expect(within(dialog).getByLabelText('Archive records written before')).toHaveValue('2025-03-01');
      expect(saved).toEqual([]);
      expect(success).not.toHaveBeenCalled();
    } finally {
      remove();
    }
  });
});
