import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';

// Everything of the task panel, the button included (its code, its 'tasks' translations, its first reads), loads
// once the page is idle: this module is all the signed-in pages' first render pays for it.
const TasksButton = lazy(async () => ({ default: (await import('./components/tasks-button')).TasksButton }));

/** How long an idle moment is awaited at most (requestIdleCallback's timeout, or the wait where it is missing). */
export const IDLE_TIMEOUT_MS = 2_000;
/** How long the page's own reads (e.g. the dashboard's guests) are waited for at most before the button loads. */
export const MAX_STARTUP_WAIT_MS = 10_000;

function onIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, IDLE_TIMEOUT_MS / 2);
  return () => window.clearTimeout(id);
}

/**
 * Calls `run` once the page has started: its queries have answered (the dashboard's first guest rows are not
 * delayed by the panel's reads) and the browser is idle, or after MAX_STARTUP_WAIT_MS at the latest. Returns a
 * function that cancels.
 */
export function afterStartup(client: QueryClient, run: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;
  function stop() {
    cancelIdle?.();
    unsubscribe?.();
    window.clearTimeout(deadline);
  }
  function finish() {
    stop();
    run();
  }
  function whenQuiet() {
    cancelIdle = null;
    if (client.isFetching() === 0) return finish();
    // Checked again at the next idle moment after the last read has answered.
    unsubscribe ??= client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0 && !cancelIdle) cancelIdle = onIdle(whenQuiet);
    });
  }
  const deadline = window.setTimeout(finish, MAX_STARTUP_WAIT_MS);
  cancelIdle = onIdle(whenQuiet);
  return stop;
}

/** The task panel's entry point, mounted by the protected layout: nothing until the page has started. */
export function TasksEntry() {
  const client = useQueryClient();
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => afterStartup(client, () => setIsStarted(true)), [client]);
  if (!isStarted) return null;
  return (
    <Suspense fallback={null}>
      <TasksButton />
    </Suspense>
  );
}
