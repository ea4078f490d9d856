import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Options } from 'uplot';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ThemeProvider, useTheme } from '@/lib/theme';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { GuestPage } from './guest-page';
import { buildGuestSeries, buildHostFacts, buildVm, GUEST_ID } from './testing/build-metrics';

// uPlot draws on a canvas, which jsdom has not: a stand-in records what each chart was given (the e2e test
// checks the real drawing in Chromium).
const drawn = vi.hoisted(() => [] as { options: Options; data: unknown[]; destroyed: boolean }[]);
vi.mock('uplot', () => ({
  default: class {
    private readonly entry: { options: Options; data: unknown[]; destroyed: boolean };
    constructor(options: Options, data: unknown[]) {
      this.entry = { options, data, destroyed: false };
      drawn.push(this.entry);
    }
    destroy() {
      this.entry.destroyed = true;
    }
    setData(data: unknown[]) {
      this.entry.data = data;
    }
    setSize() {}
    setCursor() {}
    valToPos() {
      return 0;
    }
  },
}));

const live = () => drawn.filter((d) => !d.destroyed);

function stub(routes: Record<string, (url: URL, call: ApiCall) => Response> = {}): ApiCall[] {
  return stubApi({
    'GET /api/vms': () => json([buildVm()]),
    'GET /api/hosts': () => json([buildHostFacts()]),
    [`GET /api/metrics/guest/${GUEST_ID}`]: () => json(buildGuestSeries()),
    'GET /api/tasks': () => json({ items: [], next_cursor: null }),
    ...routes,
  });
}

function ThemeButton() {
  const { toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      switch theme
    </button>
  );
}

function renderGuest(path = `/vms/${GUEST_ID}`) {
  return renderWithQuery(
    <ThemeProvider>
      <ThemeButton />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/vms/:id" element={<GuestPage />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('GuestPage', { timeout: 20_000 }, () => {
  inEnglish(['monitoring', 'account', 'common']);
  beforeEach(() => {
    drawn.length = 0;
    localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  });

  it('shows the guest, its charts with gaps kept, units and labels, and where its memory figure comes from', async () => {
    const calls = stub();
    renderGuest();
    expect(await screen.findByRole('heading', { name: 'web-01' })).toBeInTheDocument();
    expect(screen.getByTestId('guest-facts')).toHaveTextContent('Lab node');
    expect(screen.getByTestId('guest-facts')).toHaveTextContent('8 GiB');
    expect(screen.getByTestId('guest-facts')).toHaveTextContent('1 d 2 h');
    expect(await screen.findByTestId('memory-source')).toHaveTextContent('Memory: guest agent (without page cache)');
    await waitFor(() => expect(live()).toHaveLength(4));
    expect(screen.getAllByRole('img').map((el) => el.getAttribute('aria-label'))).toEqual([
      'CPU',
      'Memory',
      'Network',
      'Disk I/O',
    ]);
    const memory = live()[1]!;
    expect(memory.options.series.slice(1).map((s) => s.label)).toEqual([
      'Used (guest agent, without page cache)',
      'Used (host view)',
      'Total',
    ]);
    // Gaps are drawn as gaps, and the step with a gap is still there (null), not removed.
    expect(memory.options.series.slice(1).every((s) => s.spanGaps === false)).toBe(true);
    expect((memory.data[1] as (number | null)[])[2]).toBeNull();
    // Values carry their unit in the legend and tooltip, and on the axis.
    const value = memory.options.series[1]!.value as (u: unknown, v: number | null) => string;
    expect(value(null, 1.5 * 2 ** 30)).toBe('1.5 GiB');
    expect(value(null, null)).toBe('—');
    const net = live()[2]!;
    const axis = net.options.axes![1]!.values as (u: unknown, splits: number[]) => string[];
    expect(axis(null, [0, 1_572_864])).toEqual(['0 B/s', '1.5 MiB/s']);
    const query = calls.find((c) => c.url.pathname.startsWith('/api/metrics/'))!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ range: '24h', cf: 'avg' });
  });

  it('asks again for another range and the maxima, keeping them in the address', async () => {
    const calls = stub();
    renderGuest();
    await waitFor(() => expect(live()).toHaveLength(4));
    await userEvent.click(screen.getByRole('radio', { name: '7 d' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Maximum' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname.startsWith('/api/metrics/'))
          .map((c) => `${c.url.searchParams.get('range')}/${c.url.searchParams.get('cf')}`),
      ).toEqual(['24h/avg', '7d/avg', '7d/max']),
    );
    expect(screen.getByRole('radio', { name: '7 d' })).toBeChecked();
  });

  it('redraws the charts in the dark theme', async () => {
    stub();
    renderGuest();
    await waitFor(() => expect(live()).toHaveLength(4));
    const lightStroke = live()[0]!.options.series[1]!.stroke;
    await userEvent.click(screen.getByRole('button', { name: 'switch theme' }));
    await waitFor(() => expect(live()[0]!.options.series[1]!.stroke).not.toBe(lightStroke));
    expect(live()).toHaveLength(4);
    expect(drawn.filter((d) => d.destroyed)).toHaveLength(4);
  });

  it('a refresh with new values updates the charts without building them again', async () => {
    let cpu = 20;
    stub({
      [`GET /api/metrics/guest/${GUEST_ID}`]: () =>
        json(buildGuestSeries({ series: { ...buildGuestSeries().series, cpu: [1, 2, null, 3, cpu] } })),
    });
    const client = renderGuest();
    await waitFor(() => expect(live()).toHaveLength(4));
    cpu = 77;
    await client.invalidateQueries();
    await waitFor(() => expect((live()[0]!.data[1] as number[])[4]).toBe(77));
    expect(drawn).toHaveLength(4);
  });

  it('reads values aloud from the keyboard, step by step', async () => {
    stub();
    renderGuest();
    const cpu = await screen.findByRole('img', { name: 'CPU' });
    cpu.focus();
    await userEvent.keyboard('{End}');
    const said = screen.getAllByTestId('chart-announcement')[0]!;
    expect(said).toHaveTextContent('CPU used: 20 %');
    await userEvent.keyboard('{ArrowLeft}');
    expect(said).toHaveTextContent('CPU used: 55 %');
    await userEvent.keyboard('{ArrowLeft}');
    expect(said).toHaveTextContent('CPU used: —');
  });

  it('shows the same data as tables with captions, and exports it as CSV', async () => {
    stub();
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderGuest();
    await waitFor(() => expect(live()).toHaveLength(4));
    await userEvent.click(screen.getByRole('radio', { name: 'Tables' }));
    const table = screen.getByRole('table', { name: 'CPU, last 24 hours (Average)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'CPU used']);
    // Newest first; the gap is a dash.
    expect(rows[1]).toHaveTextContent('20 %');
    expect(rows[3]).toHaveTextContent('—');
    expect(live()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledOnce();
    expect(click.mock.contexts[0]).toHaveProperty('download', 'web-01-24h-avg.csv');
    const text = await created[0]!.text();
    expect(text.split('\n')[0]).toBe(
      'time,cpu (percent),mem_agent (bytes),mem (bytes),maxmem (bytes),netin (bytes/s),netout (bytes/s),diskread (bytes/s),diskwrite (bytes/s)',
    );
  });

  it('says when there is no history yet', async () => {
    const empty = buildGuestSeries();
    for (const name of Object.keys(empty.series)) empty.series[name] = empty.series[name]!.map(() => null);
    stub({ [`GET /api/metrics/guest/${GUEST_ID}`]: () => json({ ...empty, memory_source: 'host' }) });
    renderGuest();
    expect(await screen.findByTestId('metrics-empty')).toHaveTextContent('No history yet');
    expect(screen.getByTestId('memory-source')).toHaveTextContent('Memory: host view');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it("a failed read says so in the server's words, with a retry", async () => {
    let fail = true;
    stub({
      [`GET /api/metrics/guest/${GUEST_ID}`]: () =>
        fail ? json({ detail: 'Metrics store unavailable', code: 'internal' }, 503) : json(buildGuestSeries()),
    });
    renderGuest();
    const error = await screen.findByTestId('metrics-error');
    expect(error).toHaveTextContent('The history could not be loaded.');
    expect(error).toHaveTextContent('Metrics store unavailable');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(live()).toHaveLength(4));
  });

  it('an unknown guest says so', async () => {
    stub({ 'GET /api/vms': () => json([]) });
    renderGuest();
    expect(await screen.findByTestId('guest-not-found')).toBeInTheDocument();
  });
});
