import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/testing/stub-api';
import { useMyTimeZone } from '../api/profile';
import { setUpAutomationTests, me, renderAutomation } from '../testing/render';
import { CronHelper } from './cron-helper';

/** The helper as the schedule editor uses it: the cron in its state, the person's zone from the profile. */
function Harness({ initial, scheduleZone, onCron }: { initial: string; scheduleZone: string; onCron?: (cron: string) => void }) {
  const zone = useMyTimeZone();
  const [cron, setCron] = useState(initial);
  return (
    <CronHelper
      id="cron"
      value={cron}
      onChange={(next) => {
        setCron(next);
        onCron?.(next);
      }}
      scheduleTimeZone={scheduleZone}
      myTimeZone={zone.timeZone}
    />
  );
}

const runs = () => within(screen.getByTestId('cron-next-runs')).getAllByRole('listitem');

describe('CronHelper', () => {
  setUpAutomationTests('2026-01-12T12:00:00Z');

  it("shows the next five runs in the person's zone, with the schedule's own time beside them", async () => {
    stubApi({ 'GET /api/auth/me': me('America/New_York') });
    renderAutomation(<Harness initial="0 2 * * *" scheduleZone="Europe/Paris" />);
    await waitFor(() => expect(runs()[0]).toHaveTextContent('08:00 PM'));
    const items = runs();
    expect(items).toHaveLength(5);
    // 02:00 in Paris is 01:00 UTC in winter, 20:00 the day before in New York.
    expect(items.map((li) => li.dataset.at)).toEqual([
      '2026-01-13T01:00:00.000Z',
      '2026-01-14T01:00:00.000Z',
      '2026-01-15T01:00:00.000Z',
      '2026-01-16T01:00:00.000Z',
      '2026-01-17T01:00:00.000Z',
    ]);
    expect(items[0]).toHaveTextContent('Mon, Jan 12, 08:00 PM (Europe/Paris 02:00 AM)');
    expect(screen.getByTestId('cron-preset-daily')).toBeChecked();
    expect(screen.getByTestId('cron-value')).toHaveTextContent('0 2 * * *');
  });

  it('the presets write the cron: every week on the ticked days at a time, every hour at a minute', async () => {
    stubApi({ 'GET /api/auth/me': me('Europe/Paris') });
    const onCron = vi.fn();
    renderAutomation(<Harness initial="0 2 * * *" scheduleZone="Europe/Paris" onCron={onCron} />);
    await userEvent.click(screen.getByText('Every week'));
    expect(onCron).toHaveBeenLastCalledWith('0 2 * * 1,2,3,4,5');
    await userEvent.click(screen.getByTestId('cron-day-5'));
    expect(onCron).toHaveBeenLastCalledWith('0 2 * * 1,2,3,4');
    fireEvent.change(screen.getByTestId('cron-time'), { target: { value: '23:30' } });
    expect(onCron).toHaveBeenLastCalledWith('30 23 * * 1,2,3,4');
    // Monday 23:30 in Paris, the same evening.
    expect(runs()[0]).toHaveAttribute('data-at', '2026-01-12T22:30:00.000Z');

    await userEvent.click(screen.getByText('Every hour'));
    fireEvent.change(screen.getByTestId('cron-minute'), { target: { value: '15' } });
    expect(onCron).toHaveBeenLastCalledWith('15 * * * *');
    expect(runs().map((li) => li.dataset.at)[0]).toBe('2026-01-12T12:15:00.000Z');
  });

  it('custom: five fields typed by hand; an invalid cron has no next run', async () => {
    stubApi({ 'GET /api/auth/me': me('UTC') });
    const onCron = vi.fn();
    renderAutomation(<Harness initial="0 2 * * *" scheduleZone="UTC" onCron={onCron} />);
    await userEvent.click(screen.getByText('Custom'));
    const input = screen.getByTestId('cron-custom');
    expect(input).toHaveValue('0 2 * * *');
    await userEvent.clear(input);
    await userEvent.type(input, '*/20 9-17 * * 1-5');
    expect(onCron).toHaveBeenLastCalledWith('*/20 9-17 * * 1-5');
    // After now (Monday 12:00 UTC), not at it.
    expect(runs()[0]).toHaveAttribute('data-at', '2026-01-12T12:20:00.000Z');
    await userEvent.clear(input);
    await userEvent.type(input, '0 2 * *');
    expect(screen.getByTestId('cron-no-runs')).toHaveTextContent('No run: check the cron expression.');
  });

  it("changing the person's zone saves it to the profile (PATCH /auth/me) and shows the runs in it", async () => {
    const calls = stubApi({
      'GET /api/auth/me': me(null),
      'PATCH /api/auth/me': (_url, call) => me((call.body as { timezone: string }).timezone)(),
    });
    renderAutomation(<Harness initial="0 2 * * *" scheduleZone="Europe/Paris" />);
    const select = await screen.findByTestId('my-time-zone');
    // No zone in the profile: the browser's, said so.
    await screen.findByText("(this browser's; choose one to save it)");
    await userEvent.selectOptions(select, 'Asia/Tokyo');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ timezone: 'Asia/Tokyo' });
    // 01:00 UTC is 10:00 in Tokyo.
    await waitFor(() => expect(runs()[0]).toHaveTextContent('Tue, Jan 13, 10:00 AM'));
    expect(screen.queryByText("(this browser's; choose one to save it)")).toBeNull();
  });

  it('the next runs come in a labelled ordered list', async () => {
    stubApi({ 'GET /api/auth/me': () => json({}, 500) });
    renderAutomation(<Harness initial="0 2 * * *" scheduleZone="UTC" />);
    expect(screen.getByRole('list', { name: 'Next five runs' }).tagName).toBe('OL');
  });
});
