import fs from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { vmsQuery } from '@/lib/fleet-reads';
import { i18n, i18nReady } from '@/lib/i18n';
import { buildPage } from '@/testing/build-task';
import { json, stubApi } from '@/testing/stub-api';
import { TasksEntry } from './tasks-entry';

const SRC = path.resolve(import.meta.dirname, '../..');

/** The files `file` imports statically (not `import type`, not `import()`), resolved inside src/. */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map(
    (m) => m[1]!,
  );
  return specifiers.flatMap((spec) => {
    const base = spec.startsWith('@/')
      ? path.join(SRC, spec.slice(2))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec)
        : null;
    if (!base) return []; // a package
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    return found ? [found] : [];
  });
}

/** Every file of src/ that `entry` loads with it: its static imports, recursively. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    staticImports(file).forEach(visit);
  };
  visit(entry);
  return new Set([...seen].map((f) => path.relative(SRC, f)));
}

/** Idle callbacks, run when the test says the browser is idle. */
let idle: (() => void)[] = [];
const runIdle = () =>
  act(() => {
    const pending = idle;
    idle = [];
    pending.forEach((run) => run());
  });

function renderEntry(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <TasksEntry />
    </QueryClientProvider>,
  );
  return client;
}

describe('TasksEntry', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    idle = [];
    window.requestIdleCallback = (run: IdleRequestCallback) => idle.push(() => run({} as IdleDeadline));
    window.cancelIdleCallback = () => undefined;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });

  it('the protected layout mounts it, and loads neither the button, the panel, their data layer nor their strings with it', () => {
    const layout = staticClosure(path.join(SRC, 'app/protected-layout.tsx'));
    expect(layout).toContain('features/tasks/tasks-entry.tsx');
    expect(fs.readFileSync(path.join(SRC, 'app/protected-layout.tsx'), 'utf8')).toMatch(/<TasksEntry \/>/);
    const tasksModules = [...layout].filter((f) => f.startsWith('features/tasks/') || f.includes('locales/'));
    expect(tasksModules).toEqual(['features/tasks/tasks-entry.tsx']);
    // The button and the panel are reached through import() only.
    expect(fs.readFileSync(path.join(SRC, 'features/tasks/tasks-entry.tsx'), 'utf8')).toContain(
      "import('./components/tasks-button')",
    );
    expect(fs.readFileSync(path.join(SRC, 'features/tasks/components/tasks-button.tsx'), 'utf8')).toContain(
      "import('./tasks-panel')",
    );
    expect(staticClosure(path.join(SRC, 'features/tasks/components/tasks-button.tsx'))).not.toContain(
      'features/tasks/components/tasks-panel.tsx',
    );
  });

  it('renders and asks nothing before the page is idle; then the button appears, without the panel until it is opened', async () => {
    const calls = stubApi({ 'GET /api/tasks': () => json(buildPage([])) });
    renderEntry();
    expect(screen.queryByRole('button', { name: 'Tasks' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(i18n.hasLoadedNamespace('tasks')).toBe(false);
    runIdle();
    const button = await screen.findByRole('button', { name: 'Tasks' });
    // The badge's count is asked right after the button appears (not necessarily before).
    await waitFor(() => expect(calls.map((c) => c.url.searchParams.get('status')).sort()).toEqual(['queued', 'running']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Tasks' })).toBeInTheDocument();
  });

  it("waits for the page's own reads (the dashboard's guests) to answer before asking anything", async () => {
    const calls = stubApi({ 'GET /api/tasks': () => json(buildPage([])) });
    const client = new QueryClient();
    let answerGuests: (value: unknown[]) => void = () => undefined;
    void client.prefetchQuery({
      // The dashboard's guests (lib/fleet-reads.ts), their answer held back.
      queryKey: [...vmsQuery.queryKey],
      queryFn: () => new Promise<unknown[]>((r) => (answerGuests = r)),
    });
    renderEntry(client);
    runIdle();
    // Idle, but the guests are still on their way.
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Tasks' })).not.toBeInTheDocument();
    await act(async () => answerGuests([]));
    runIdle();
    expect(await screen.findByRole('button', { name: 'Tasks' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
