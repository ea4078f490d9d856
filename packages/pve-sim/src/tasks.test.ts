import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPveUpid, TaskRunner } from './tasks';

describe('TaskRunner and its gate', () => {
  let runner: TaskRunner;
  beforeEach(() => {
    vi.useFakeTimers();
    runner = new TaskRunner(
      'node1',
      () => 1,
      (t) => formatPveUpid(t),
      100,
    );
  });
  afterEach(() => {
    runner.close();
    vi.useRealTimers();
  });

  it('ends a task when its time is up, not before', () => {
    const run = vi.fn();
    const task = runner.start('qmstart', '100', 'root@pam', { durationMs: 50, run });
    vi.advanceTimersByTime(49);
    expect(task.status).toBe('running');
    vi.advanceTimersByTime(1);
    expect([task.status, task.exitstatus, run.mock.calls.length]).toEqual(['stopped', 'OK', 1]);
  });

  it('held, keeps a task whose time is up running until released, then ends the held ones in order', () => {
    const ended: string[] = [];
    runner.gate.hold();
    const first = runner.start('qmstart', '100', 'root@pam', { durationMs: 10, run: () => void ended.push('first') });
    const second = runner.start('qmstop', '101', 'root@pam', { durationMs: 20, run: () => void ended.push('second') });
    vi.advanceTimersByTime(60_000);
    expect([first.status, second.status, ended]).toEqual(['running', 'running', []]);
    runner.gate.release();
    expect([first.status, second.status, ended]).toEqual(['stopped', 'stopped', ['first', 'second']]);
    // Released, the next task ends on time again.
    const third = runner.start('qmstart', '102', 'root@pam', { durationMs: 10, run: () => undefined });
    vi.advanceTimersByTime(10);
    expect(third.status).toBe('stopped');
  });

  it('a task stopped while held at its end ends once, stopped, and not again on release', () => {
    const run = vi.fn();
    runner.gate.hold();
    const task = runner.start('vzdump', '100', 'root@pam', { durationMs: 10, run, stop: () => ['cleanup'] });
    vi.advanceTimersByTime(10);
    expect(runner.stop(task, (lines) => ({ lines, error: 'interrupted by signal' }))).toBe(true);
    runner.gate.release();
    expect([task.exitstatus, run.mock.calls.length, task.log.at(-1)]).toEqual([
      'interrupted by signal',
      0,
      'TASK ERROR: interrupted by signal',
    ]);
  });
});
