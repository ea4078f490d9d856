import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { buildPage, buildTask } from '@/testing/build-task';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { TasksButton } from './tasks-button';

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback="…">
        <TasksButton />
      </Suspense>
    </QueryClientProvider>,
  );
  return client;
}

/** Two running tasks and one queued; the list answers the same three. */
function stubCounts(running = 2, queued = 1) {
  const tasks = {
    running: Array.from({ length: running }, () => buildTask({ status: 'running' })),
    queued: Array.from({ length: queued }, () => buildTask({ status: 'queued', progress: 0 })),
  };
  return stubApi({
    'GET /api/tasks': (url) => {
      const status = url.searchParams.get('status');
      if (status === 'running' || status === 'queued') return json(buildPage(tasks[status]));
      return json(buildPage([...tasks.running, ...tasks.queued]));
    },
  });
}

const countCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.url.pathname === '/api/tasks' && ['running', 'queued'].includes(c.url.searchParams.get('status') ?? ''));

describe('TasksButton', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('tasks');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is named "Tasks" and its badge counts the running and queued tasks', async () => {
    const calls = stubCounts(2, 1);
    renderButton();
    const button = await screen.findByRole('button', { name: 'Tasks' });
    expect(await screen.findByTestId('tasks-badge')).toHaveTextContent('3');
    expect(button).toHaveAccessibleDescription('Running or queued: 3');
    expect(
      countCalls(calls)
        .map((c) => c.url.searchParams.get('status'))
        .sort(),
    ).toEqual(['queued', 'running']);
  });

  it('shows no badge when nothing is under way', async () => {
    const calls = stubCounts(0, 0);
    renderButton();
    await screen.findByRole('button', { name: 'Tasks' });
    await waitFor(() => expect(countCalls(calls)).toHaveLength(2));
    expect(screen.queryByTestId('tasks-badge')).not.toBeInTheDocument();
  });

  it('opens the panel, loaded on demand; Escape closes it and gives the focus back to the button', async () => {
    stubCounts(1, 0);
    renderButton();
    const button = await screen.findByRole('button', { name: 'Tasks' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Tasks' });
    expect(await screen.findAllByTestId('task-item')).toHaveLength(1);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it("reads the count again when one of the page's own actions has ended", async () => {
    const calls = stubCounts(1, 0);
    const client = renderButton();
    await screen.findByTestId('tasks-badge');
    await waitFor(() => expect(countCalls(calls)).toHaveLength(2));
    // A guest action of the dashboard, as TanStack Query runs it.
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'done' })
      .execute(undefined);
    await waitFor(() => expect(countCalls(calls)).toHaveLength(4));
  });
});
