import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { renderAt, setUpPageTests, signIn } from '@/testing/render-at';
import { json } from '@/testing/stub-api';
import { AuditPage } from './audit-page';
import { auditCalls, buildAuditRecord, catchDownloads, RECORDS, stubAudit } from './testing/audit-api';

/** The page's address, to see the filters kept in it. */
function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.search}</p>;
}

const render = (path = '/audit') =>
  renderAt(
    path,
    '/audit',
    <>
      <AuditPage />
      <Address />
    </>,
  );
const local = (text: string) => new Date(text).toISOString();

describe('AuditPage', { timeout: 20_000 }, () => {
  setUpPageTests(['audit']);

  it('lists the records newest first: time, number, actor, action, target, outcome and IP', async () => {
    const calls = stubAudit();
    render();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2026');
    expect(within(rows[0]!).getByTestId('audit-seq')).toHaveTextContent('42');
    expect(rows[0]).toHaveTextContent('ada@example.org');
    expect(rows[0]).toHaveTextContent('member.role_changed');
    expect(rows[0]).toHaveTextContent('grace@example.org');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(within(rows[0]!).getByTestId('audit-outcome')).toHaveTextContent('Success');
    expect(within(rows[1]!).getByTestId('audit-outcome')).toHaveTextContent('Failure');
    expect(within(rows[1]!).getByTestId('audit-outcome')).toHaveAttribute('data-outcome', 'failure');
    expect(screen.getByTestId('audit-count')).toHaveTextContent('Records loaded: 2.');
    expect(screen.queryByTestId('audit-more')).toBeNull();
    expect(auditCalls(calls)).toEqual([{ limit: '100' }]);
  });

  it('shows each actor by kind and name: a person, an API key, a schedule, the system, someone not identified', async () => {
    stubAudit({}, [
      {
        records: [
          buildAuditRecord({ seq: 5, actor: { type: 'user', id: '1', name: 'ada@example.org' } }),
          buildAuditRecord({ seq: 4, actor: { type: 'api_key', id: 'k1', name: 'Terraform CI' } }),
          buildAuditRecord({ seq: 3, actor: { type: 'schedule', id: 's1', name: 'Nightly stop' } }),
          buildAuditRecord({ seq: 2, actor: { type: 'system', id: null, name: 'ProxAI' } }),
          buildAuditRecord({ seq: 1, action: 'auth.login', outcome: 'failure', actor: { type: 'user', id: null, name: null } }),
        ],
        next_before: null,
      },
    ]);
    render();
    const actors = (await screen.findAllByTestId('audit-actor')).map((cell) => ({
      type: cell.getAttribute('data-actor-type'),
      kind: within(cell).queryByTestId('audit-actor-kind')?.textContent ?? null,
      text: cell.textContent,
    }));
    expect(actors).toEqual([
      // A person's kind is said to screen readers only.
      { type: 'user', kind: null, text: 'Person ada@example.org' },
      { type: 'api_key', kind: 'API key', text: 'API keyTerraform CI' },
      { type: 'schedule', kind: 'Schedule', text: 'ScheduleNightly stop' },
      { type: 'system', kind: 'System', text: 'SystemProxAI' },
      { type: 'user', kind: null, text: 'Person Unidentified person' },
    ]);
    // The detail names the key and shows its id.
    await userEvent.click(screen.getByRole('button', { name: 'Details of record 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record 4' });
    expect(within(dialog).getByTestId('audit-actor')).toHaveTextContent('API keyTerraform CI');
    expect(within(dialog).getByTestId('audit-actor-id')).toHaveTextContent('k1');
  });

  it('filters by the kind of actor, kept in the address', async () => {
    const calls = stubAudit();
    render('/audit?actor_type=schedule');
    await screen.findAllByTestId('audit-row');
    expect(auditCalls(calls)).toEqual([{ actor_type: 'schedule', limit: '100' }]);
    const kind = screen.getByLabelText('Kind of actor');
    expect(kind).toHaveValue('schedule');
    expect([...kind.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Any kind',
      'Person',
      'API key',
      'Schedule',
      'System',
    ]);
    await userEvent.selectOptions(kind, 'API key');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(auditCalls(calls)).toHaveLength(2));
    expect(auditCalls(calls)[1]).toEqual({ actor_type: 'api_key', limit: '100' });
    expect(screen.getByTestId('address')).toHaveTextContent('?actor_type=api_key');
    await userEvent.selectOptions(kind, 'Any kind');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(auditCalls(calls).at(-1)).toEqual({ limit: '100' }));
  });

  it('builds the query from the filters, keeps them in the address and suggests the action prefixes', async () => {
    const calls = stubAudit();
    render('/audit?actor=grace');
    await screen.findAllByTestId('audit-row');
    expect(auditCalls(calls)).toEqual([{ actor: 'grace', limit: '100' }]);
    expect(screen.getByLabelText('Actor')).toHaveValue('grace');
    const prefixes = [...screen.getByTestId('audit-action-prefixes').querySelectorAll('option')].map((o) => o.value);
    expect(prefixes).toEqual(['member.', 'auth.', 'host.', 'licence.', 'approval.', 'mfa.', 'schedule.', 'task.']);

    await userEvent.clear(screen.getByLabelText('Actor'));
    await userEvent.type(screen.getByLabelText('Actor'), 'ADA');
    await userEvent.type(screen.getByLabelText('Action'), 'member.');
    await userEvent.type(screen.getByLabelText('Target'), 'vm 100');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-12' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(auditCalls(calls)).toHaveLength(2));
    expect(auditCalls(calls)[1]).toEqual({
      actor: 'ADA',
      action: 'member.',
      target: 'vm 100',
      from: local('2026-01-10T00:00:00'),
      to: local('2026-01-12T23:59:59.999'),
      limit: '100',
    });
    expect(screen.getByTestId('address')).toHaveTextContent(
      '?actor=ADA&action=member.&target=vm+100&from=2026-01-10&to=2026-01-12',
    );

    // Clear drops every filter.
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(auditCalls(calls).at(-1)).toEqual({ limit: '100' }));
    expect(screen.getByLabelText('Action')).toHaveValue('');
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  });

  it('refuses days out of order without asking, and says when nothing matches', async () => {
    const calls = stubAudit({
      'GET /api/audit': (url) => json({ records: url.searchParams.has('actor') ? [] : RECORDS, next_before: null }),
    });
    render();
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-13' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-12' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(auditCalls(calls)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await userEvent.type(screen.getByLabelText('Actor'), 'nobody{Enter}');
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('No record matches these filters.');
    expect(screen.getByTestId('audit-count')).toHaveTextContent('Records loaded: 0.');
  });

  it('says when the trail is empty', async () => {
    stubAudit({}, [{ records: [], next_before: null }]);
    render();
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('No record yet.');
    expect(screen.getByTestId('audit-csv')).toBeDisabled();
  });

  it('loads older pages with next_before until the chain starts', async () => {
    const older = [buildAuditRecord({ seq: 40, action: 'host.add', target: 'pve1' })];
    const calls = stubAudit({}, [
      { records: RECORDS, next_before: 41 },
      { records: older, next_before: null },
    ]);
    render('/audit?action=host.');
    await screen.findAllByTestId('audit-row');
    expect(screen.getByTestId('audit-count')).toHaveTextContent('Records loaded: 2. Older records can be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    expect(screen.getAllByTestId('audit-seq').map((c) => c.textContent)).toEqual(['42', '41', '40']);
    expect(auditCalls(calls)).toEqual([
      { action: 'host.', limit: '100' },
      { action: 'host.', before: '41', limit: '100' },
    ]);
    expect(screen.queryByTestId('audit-more')).toBeNull();
    expect(screen.getByTestId('audit-count')).toHaveTextContent('Records loaded: 3.');
  });

  it('opens a record in full, its details pretty-printed with its hash, and gives the focus back', async () => {
    stubAudit();
    render();
    const open = await screen.findByRole('button', { name: 'Details of record 42' });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Record 42' });
    expect(within(dialog).getByTestId('audit-detail-json').textContent).toBe(
      JSON.stringify({ from: 'operator', to: 'admin' }, null, 2),
    );
    expect(within(dialog).getByTestId('audit-detail-hash')).toHaveTextContent('a'.repeat(64));
    expect(dialog).toHaveTextContent('203.0.113.7');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('shows a record from before the chain and one by the system', async () => {
    stubAudit({}, [
      {
        records: [
          buildAuditRecord({ seq: null, hash: null, details: null, actor: { type: 'system', id: null, name: 'ProxAI' } }),
        ],
        next_before: null,
      },
    ]);
    render();
    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByTestId('audit-actor')).toHaveTextContent('SystemProxAI');
    await userEvent.click(within(row).getByRole('button', { name: 'Details of this record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record written before the chain existed' });
    expect(within(dialog).getByTestId('audit-detail-hash')).toHaveTextContent('None: written before the chain existed.');
    expect(within(dialog).getByTestId('audit-detail-json')).toHaveTextContent('No details.');
  });

  it('saves the loaded rows as CSV, quotes escaped and formulas defused', async () => {
    stubAudit({}, [
      { records: [buildAuditRecord({ target: '=HYPERLINK("http://evil")', details: { note: 'a, "b"' } })], next_before: null },
    ]);
    const saved = catchDownloads();
    render();
    await screen.findByTestId('audit-row');
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^proxai-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await saved[0]!.blob.text()).split('\r\n');
    expect(lines[0]).toBe('seq,at,actor_type,actor_name,actor_id,action,target,outcome,ip,hash,details');
    expect(lines[1]).toMatch(/^42,2026-01-12T10:00:00.000Z,user,ada@example.org,1,/);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(lines[1]).toContain(`"{""note"":""a, \\""b\\""""}"`);
    expect(await screen.findByTestId('audit-export-status')).toHaveTextContent(`Saved as ${saved[0]!.name}.`);
  });

  it('downloads the signed export over the chosen days with the stored token, and explains how to check it', async () => {
    const file = '{"type":"record","seq":1}\n{"type":"head","seq":1}\n';
    const calls = stubAudit({
      'GET /api/audit/export': () =>
        new Response(file, {
          headers: {
            'content-type': 'application/x-ndjson; charset=utf-8',
            'content-disposition': 'attachment; filename="proxai-audit-2026-01-12.jsonl"',
          },
        }),
    });
    const saved = catchDownloads();
    render('/audit?from=2026-01-10&actor=ada');
    await screen.findAllByTestId('audit-row');
    const hint = screen.getByTestId('audit-export-hint');
    expect(hint).toHaveTextContent('npm run audit:verify -- <file> --public-key <key>');
    expect(hint).toHaveTextContent('GET /api/evidence/public-key');
    await userEvent.click(screen.getByRole('button', { name: 'Export (signed)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('proxai-audit-2026-01-12.jsonl');
    expect(await saved[0]!.blob.text()).toBe(file);
    const exported = calls.find((c) => c.url.pathname === '/api/audit/export')!;
    // The period only: the export is the whole chain over it.
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({ from: local('2026-01-10T00:00:00') });
    const init = vi
      .mocked(fetch)
      .mock.calls.find(([input]) => typeof input === 'string' && input.startsWith('/api/audit/export'))![1]!;
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${localStorage.getItem(STORAGE_KEYS.token)}`);
    expect(await screen.findByTestId('audit-export-status')).toHaveTextContent('Saved as proxai-audit-2026-01-12.jsonl.');
  });

  it('names the export itself when the server does not, and shows a refused export in its words', async () => {
    let refuse = false;
    stubAudit({
      'GET /api/audit/export': () =>
        refuse ? json({ detail: 'The signing key is unavailable', code: 'internal' }, 500) : new Response('{}\n'),
    });
    const saved = catchDownloads();
    render();
    await screen.findAllByTestId('audit-row');
    await userEvent.click(screen.getByRole('button', { name: 'Export (signed)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^proxai-audit-\d{4}-\d{2}-\d{2}\.jsonl$/);

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Export (signed)' }));
    expect(await screen.findByTestId('audit-export-error')).toHaveTextContent(
      'The export failed: The signing key is unavailable',
    );
    expect(saved).toHaveLength(1);
  });

  it('says who may read the trail when the server refuses it', async () => {
    stubAudit({
      'GET /api/audit': () => json({ detail: 'Your role does not allow audit.read', code: 'forbidden' }, 403),
    });
    render();
    expect(await screen.findByTestId('audit-forbidden')).toHaveTextContent(
      'Only owners and administrators can read the audit trail.',
    );
    expect(screen.queryByTestId('audit-filters')).toBeNull();
    expect(screen.queryByTestId('audit-exports')).toBeNull();
  });

  it('does not even ask for an operator', async () => {
    signIn('operator');
    const calls = stubAudit();
    render();
    expect(await screen.findByTestId('audit-forbidden')).toHaveTextContent(
      'Only owners and administrators can read the audit trail.',
    );
    expect(auditCalls(calls)).toEqual([]);
  });

  it('shows a platform administrator the platform chain', async () => {
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({
        id: '9',
        email: 'root@proxai.io',
        name: null,
        role: 'admin',
        organisation_id: null,
        org_role: 'readonly',
      }),
    );
    stubAudit();
    render();
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(2);
  });

  it('says when the trail cannot be loaded, in the server words, with a retry', async () => {
    let fail = true;
    const calls = stubAudit({
      'GET /api/audit': () =>
        fail ? json({ detail: 'Database unavailable', code: 'internal' }, 500) : json({ records: RECORDS, next_before: null }),
    });
    render();
    const error = await screen.findByTestId('audit-error');
    expect(error).toHaveTextContent('The audit trail could not be loaded.');
    expect(error).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(2);
    expect(auditCalls(calls)).toHaveLength(2);
  });
});
