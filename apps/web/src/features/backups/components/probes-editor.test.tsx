import type { Probe } from '@proxai/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setUpBackupTests, signIn } from '../testing/render';
import { ProbesEditor } from './probes-editor';

function renderEditor(value: Probe[], showErrors = false) {
  const onChange = vi.fn<(next: Probe[]) => void>();
  const view = render(<ProbesEditor id="p" value={value} onChange={onChange} showErrors={showErrors} />);
  return { onChange, ...view };
}

describe('ProbesEditor', () => {
  setUpBackupTests();

  it('edits each kind of probe and reports the probes at every change', async () => {
    const { onChange } = renderEditor([{ type: 'agent_ping' }]);
    expect(screen.getByTestId('probe-remove')).toBeDisabled();
    await userEvent.click(screen.getByTestId('probe-add'));
    const second = screen.getAllByTestId('probe')[1]!;
    expect(within(second).getByTestId('probe-port')).toHaveValue(22);
    await userEvent.selectOptions(within(second).getByTestId('probe-type'), 'exec');
    await userEvent.type(within(second).getByTestId('probe-command'), 'sh{enter}-c{enter}systemctl is-active nginx');
    await userEvent.type(within(second).getByTestId('probe-expectOutput'), 'active');
    expect(onChange).toHaveBeenLastCalledWith([
      { type: 'agent_ping' },
      { type: 'exec', command: ['sh', '-c', 'systemctl is-active nginx'], expect_exit: 0, expect_output: 'active' },
    ]);
    await userEvent.click(screen.getAllByTestId('probe-remove')[0]!);
    expect(onChange).toHaveBeenLastCalledWith([
      { type: 'exec', command: ['sh', '-c', 'systemctl is-active nginx'], expect_exit: 0, expect_output: 'active' },
    ]);
    expect(screen.getAllByTestId('probe')).toHaveLength(1);
  });

  it("shows each field's problem once the form was sent, tied to its field", () => {
    renderEditor([{ type: 'http', url_path: 'health', port: 0, expect_status: 200 }], true);
    expect(screen.getByTestId('probe-urlPath')).toHaveAccessibleDescription('A path starting with /, without spaces.');
    expect(screen.getByTestId('probe-port')).toHaveAccessibleDescription('A port from 1 to 65535.');
    expect(screen.getByTestId('probe-expectStatus')).not.toHaveAttribute('aria-invalid');
  });

  it('offers commands to owners and admins only', () => {
    signIn('operator');
    renderEditor([{ type: 'agent_ping' }]);
    expect(screen.getByRole('option', { name: 'Command' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'HTTP request' })).toBeEnabled();
  });
});
