import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { buildOccurrence } from '../testing/build-automation';
import { HOST_A, HOST_B, setUpAutomationTests, renderAutomation } from '../testing/render';
import { PlannerTab } from './planner-tab';

const NIGHTLY = '00000000-0000-4000-8000-0000000000c1';
const RESTART = '00000000-0000-4000-8000-0000000000c2';

// The week of Wednesday 14 January 2026 in Paris: Monday 12 (23:00 UTC the day before) to Monday 19.
const nightly = buildOccurrence({
  schedule_id: NIGHTLY,
  schedule_name: 'Nightly snapshots',
  at: '2026-01-13T01:00:00.000Z',
  estimated_minutes: 30,
  host_ids: [HOST_A, HOST_B],
  conflicts: [
    { schedule_id: RESTART, schedule_name: 'Weekly restart', at: '2026-01-13T01:10:00.000Z', host_id: HOST_A, storage: null },
  ],
});
const restart = buildOccurrence({
  schedule_id: RESTART,
  schedule_name: 'Weekly restart',
  kind: 'guest_action',
  at: '2026-01-13T01:10:00.000Z',
  estimated_minutes: 10,
  host_ids: [HOST_A],
  conflicts: [
    { schedule_id: NIGHTLY, schedule_name: 'Nightly snapshots', at: '2026-01-13T01:00:00.000Z', host_id: HOST_A, storage: null },
  ],
});
const outside = buildOccurrence({
  schedule_name: 'Midday snapshots',
  at: '2026-01-16T11:00:00.000Z',
  host_ids: [HOST_B],
  in_window: false,
  window_id: '00000000-0000-4000-8000-0000000000ff',
});

function stub(occurrences = [nightly, restart, outside]): ApiCall[] {
  return stubApi({
    'GET /api/hosts': () =>
      json([
        { id: HOST_A, name: 'pve-a' },
        { id: HOST_B, name: 'pve-b' },
      ]),
    'GET /api/schedules/plan': (url) =>
      json({ from: url.searchParams.get('from'), to: url.searchParams.get('to'), occurrences, truncated: false }),
  });
}

const planCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.url.pathname === '/api/schedules/plan').map((c) => Object.fromEntries(c.url.searchParams));

describe('PlannerTab', () => {
  setUpAutomationTests('2026-01-14T10:00:00Z');

  it("asks for the person's week, Monday to Monday in their zone", async () => {
    const calls = stub();
    renderAutomation(<PlannerTab myTimeZone="Europe/Paris" canEdit onEditSchedule={vi.fn()} />);
    await screen.findAllByTestId('plan-block');
    expect(planCalls(calls)).toEqual([{ from: '2026-01-11T23:00:00.000Z', to: '2026-01-18T23:00:00.000Z' }]);
    expect(screen.getByTestId('week-label')).toHaveTextContent('Jan 12 – 18, 2026');
    expect(screen.getAllByTestId('week-day').map((d) => d.textContent)).toEqual([
      'Monday, January 12',
      'Tuesday, January 13',
      'Wednesday, January 14',
      'Thursday, January 15',
      'Friday, January 16',
      'Saturday, January 17',
      'Sunday, January 18',
    ]);
  });

  it('draws one focusable, described block per occurrence and host; conflicts and skipped runs stand out', async () => {
    stub();
    renderAutomation(<PlannerTab myTimeZone="Europe/Paris" canEdit onEditSchedule={vi.fn()} />);
    const blocks = await screen.findAllByTestId('plan-block');
    // Nightly on two hosts, the restart and the midday run on one each.
    expect(blocks).toHaveLength(4);
    const names = blocks.map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Nightly snapshots, Snapshot policy, Tuesday, January 13 02:00 AM–02:30 AM, on pve-a. Conflicts with Weekly restart.',
      'Nightly snapshots, Snapshot policy, Tuesday, January 13 02:00 AM–02:30 AM, on pve-b. Conflicts with Weekly restart.',
      'Weekly restart, Power action, Tuesday, January 13 02:10 AM–02:20 AM, on pve-a. Conflicts with Nightly snapshots.',
      'Midday snapshots, Snapshot policy, Friday, January 16 12:00 PM–12:15 PM, on pve-b. Will be skipped: outside its window or too long for the time left.',
    ]);
    expect(blocks.filter((b) => b.dataset.conflict === 'true')).toHaveLength(3);
    expect(blocks.filter((b) => b.dataset.skipped === 'true')).toHaveLength(1);
    // Tuesday's column, the block 02:00 down (28 px an hour), in the first of the two host lanes, half as wide.
    const tuesday = screen.getByRole('group', { name: 'Tuesday, January 13' });
    expect(within(tuesday).getAllByTestId('plan-block')).toHaveLength(3);
    expect(blocks[0]).toHaveStyle({ top: '56px', height: '14px', width: '50%' });
    expect(blocks[1]!.style.insetInlineStart).toBe('50%');
    // Keyboard: every block is a button that takes the focus.
    for (const block of blocks) {
      expect(block.tagName).toBe('BUTTON');
      block.focus();
      expect(block).toHaveFocus();
    }
    expect(screen.getByTestId('planner-summary')).toHaveTextContent('Runs this week: 3 · conflicts: 2 · will be skipped: 1');
  });

  it('a block opens its details: the conflict and the host it is on, and the schedule to edit', async () => {
    stub();
    const onEdit = vi.fn();
    renderAutomation(<PlannerTab myTimeZone="Europe/Paris" canEdit onEditSchedule={onEdit} />);
    const [first] = await screen.findAllByTestId('plan-block');
    await userEvent.click(first!);
    const detail = screen.getByRole('region', { name: 'Selected run' });
    expect(detail).toHaveTextContent('Weekly restart at 02:10 AM, on the same host pve-a');
    expect(detail).toHaveTextContent('On: pve-a, pve-b');
    await userEvent.click(within(detail).getByRole('button', { name: 'Edit the schedule' }));
    expect(onEdit).toHaveBeenCalledWith(NIGHTLY);
  });

  it('the list view says the same week in words, day by day; the host filter keeps one lane', async () => {
    stub();
    renderAutomation(<PlannerTab myTimeZone="Europe/Paris" canEdit onEditSchedule={vi.fn()} />);
    await screen.findAllByTestId('plan-block');
    await userEvent.selectOptions(screen.getByTestId('planner-host'), HOST_B);
    expect(screen.getAllByTestId('plan-block').map((b) => b.getAttribute('data-schedule-id'))).toEqual([
      NIGHTLY,
      outside.schedule_id,
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    const list = screen.getByTestId('plan-list');
    expect(
      within(list)
        .getAllByTestId('plan-item')
        .map((i) => i.textContent),
    ).toEqual([
      expect.stringContaining('Nightly snapshots, Snapshot policy, Tuesday, January 13 02:00 AM–02:30 AM, on pve-a, pve-b.'),
      expect.stringContaining('Midday snapshots'),
    ]);
    expect(within(list).getAllByText('Nothing planned.')).toHaveLength(5);
  });

  it('previous and next week ask for those weeks; a week without runs says so', async () => {
    const calls = stub([]);
    renderAutomation(<PlannerTab myTimeZone="Europe/Paris" canEdit onEditSchedule={vi.fn()} />);
    expect(await screen.findByTestId('planner-empty')).toHaveTextContent('Nothing planned this week');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(planCalls(calls)).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(planCalls(calls).at(-1)?.from).toBe('2026-01-04T23:00:00.000Z'));
    expect(new Set(planCalls(calls).map((c) => c.from))).toEqual(
      new Set(['2026-01-11T23:00:00.000Z', '2026-01-18T23:00:00.000Z', '2026-01-04T23:00:00.000Z']),
    );
    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByTestId('week-label')).toHaveTextContent('Jan 12 – 18, 2026');
  });
});
