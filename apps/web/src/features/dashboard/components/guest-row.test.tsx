import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Vm } from '@proxai/contract';
import { i18n, i18nReady } from '@/lib/i18n';
import { LANGUAGES } from '@/config/languages';
import { GuestRow, guestRowText, useGuestRowText, type GuestRowProps } from './guest-row';

/** The row with the words its list would give it. */
function Row({
  onSnapshots = vi.fn(),
  ...props
}: Omit<GuestRowProps, 'text' | 'onSnapshots'> & Partial<Pick<GuestRowProps, 'onSnapshots'>>) {
  return (
    <MemoryRouter>
      <GuestRow {...props} onSnapshots={onSnapshots} text={useGuestRowText()} />
    </MemoryRouter>
  );
}

const vm = (state: string): Vm => ({
  id: '00000000-0000-4000-8000-000000000002',
  vmid: 101,
  name: 'web-01',
  state,
  cpu: 4,
  memory: 8192,
  storage: 32,
  type: 'qemu',
  host_id: '00000000-0000-4000-8000-000000000001',
  node: 'pve',
  uptime: 0,
  tags: [],
  pool: null,
});

describe('GuestRow', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('dashboard');
  });

  it('running: start disabled, stop and restart enabled; shows cores, RAM MB, storage GB', async () => {
    const onAction = vi.fn();
    render(<Row vm={vm('running')} hostName="pve" canAct onAction={onAction} start={0} />);
    expect(screen.getByTestId('vm-start')).toBeDisabled();
    expect(screen.getByTestId('vm-stop')).toBeEnabled();
    expect(screen.getByTestId('vm-restart')).toBeEnabled();
    expect(screen.getByTestId('guest-row')).toHaveTextContent('8192');
    expect(screen.getByTestId('guest-row')).toHaveTextContent('32');
    await userEvent.click(screen.getByRole('button', { name: 'Stop web-01' }));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ vmid: 101 }), 'stop');
  });

  it('stopped: start enabled, stop and restart disabled', () => {
    render(<Row vm={vm('stopped')} hostName="pve" canAct onAction={vi.fn()} start={0} />);
    expect(screen.getByTestId('vm-start')).toBeEnabled();
    expect(screen.getByTestId('vm-stop')).toBeDisabled();
    expect(screen.getByTestId('vm-restart')).toBeDisabled();
  });

  it('pending: every action disabled and the state reads "In progress…"', () => {
    render(<Row vm={vm('running')} hostName="pve" pending="stop" canAct onAction={vi.fn()} start={0} />);
    expect(screen.getByTestId('guest-state')).toHaveTextContent('In progress…');
    for (const id of ['vm-start', 'vm-stop', 'vm-restart']) expect(screen.getByTestId(id)).toBeDisabled();
  });

  it('a readonly member sees the actions disabled', () => {
    render(<Row vm={vm('running')} hostName="pve" canAct={false} onAction={vi.fn()} start={0} />);
    expect(screen.getByTestId('vm-stop')).toBeDisabled();
  });

  it('a selection box for members who may act, none otherwise; ticking it tells the list', async () => {
    const onToggle = vi.fn();
    const { rerender } = render(
      <Row vm={vm('running')} hostName="pve" canAct selectable onToggle={onToggle} onAction={vi.fn()} start={0} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select web-01' }));
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ vmid: 101 }));
    rerender(<Row vm={vm('running')} hostName="pve" canAct={false} onAction={vi.fn()} start={0} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("a running task's progress: a thin bar named after the guest, its percent in words; the state reads In progress", () => {
    render(<Row vm={vm('stopped')} hostName="pve" canAct progress={40} onAction={vi.fn()} start={0} />);
    const bar = screen.getByRole('progressbar', { name: 'Task in progress on web-01' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40%');
    expect(screen.getByTestId('guest-state')).toHaveTextContent('In progress…');
    expect(screen.getByTestId('guest-row')).toHaveAttribute('data-progress', '40');
  });

  it('the snapshots button, for every member (a read-only one only reads them)', async () => {
    const onSnapshots = vi.fn();
    render(<Row vm={vm('running')} hostName="pve" canAct={false} onAction={vi.fn()} onSnapshots={onSnapshots} start={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'Snapshots of web-01' }));
    expect(onSnapshots).toHaveBeenCalledWith(expect.objectContaining({ vmid: 101 }));
  });

  it('names the guest in every action label, in each of the nine languages, as i18next would', async () => {
    await i18n.loadLanguages([...LANGUAGES]);
    for (const language of LANGUAGES) {
      const t = i18n.getFixedT(language, 'dashboard');
      const text = guestRowText(t);
      for (const action of ['start', 'stop', 'restart'] as const) {
        const expected = t(`vms.${action}Named`, { name: 'web-01' });
        expect(expected, `${language} ${action}`).toContain('web-01');
        expect(text.named(action, 'web-01')).toBe(expected);
      }
      expect(text.snapshotsOf('web-01')).toBe(t('vms.snapshotsNamed', { name: 'web-01' }));
      expect(text.select('web-01')).toBe(t('vms.selectNamed', { name: 'web-01' }));
      expect(text.progressOf('web-01')).toContain('web-01');
      expect(text.cores(4)).toBe(t('vms.coresShort', { count: 4 }));
    }
  });
});
