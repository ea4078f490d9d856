import type { Task, TaskPage, TaskStatus } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiCall } from '@/lib/api-client';
import { eventStream } from '@/lib/event-stream';

// The task panel's whole data layer: what is read, how often, and what reads it again (the page's own actions
// and the organisation's task events from the tab's event stream).
// Answers are typed by the OpenAPI document, not parsed with zod in the browser (see dashboard-queries.ts).

export const TASKS_KEY = ['tasks'] as const;

/** The filters the panel offers; the API takes one status, 'all' sends none. */
export const TASK_FILTERS = ['all', 'running', 'failed', 'succeeded'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

/** While any task is queued or running, what is shown is read again this often... */
export const FAST_REFRESH_MS = 2_000;
/** ...else this often (and the badge always, while the panel is closed). */
export const SLOW_REFRESH_MS = 15_000;
export const PAGE_SIZE = 20;
/** Counted per status up to this many: the badge then shows "99+". */
const COUNT_LIMIT = 100;
/** A page action's task exists once the server has answered 202: the count is read again this long after it starts. */
const AFTER_ACTION_MS = 1_000;

/** Task events arriving in a burst (a bulk action) read the panel again once. */
const STREAM_DEBOUNCE_MS = 300;

/** Not the contract's isTaskDone: a runtime import of the contract would load zod with the panel. */
export const isActive = (task: Pick<Task, 'status'>): boolean => task.status === 'queued' || task.status === 'running';

export interface ActiveCount {
  /** Queued and running tasks. */
  count: number;
  /** More than COUNT_LIMIT of one status: `count` is a lower bound. */
  isCapped: boolean;
}

export const activeCountQuery = queryOptions({
  queryKey: [...TASKS_KEY, 'active'],
  queryFn: async ({ signal }): Promise<ActiveCount> => {
    const read = (status: TaskStatus) => apiCall('GET', '/tasks', { query: { status, limit: COUNT_LIMIT }, signal });
    const pages = await Promise.all([read('running'), read('queued')]);
    return {
      count: pages.reduce((sum, page) => sum + page.items.length, 0),
      isCapped: pages.some((page) => page.next_cursor !== null),
    };
  },
});

/** The badge's count: every 15 s, every 2 s while the panel is open and tasks are under way. */
export function useActiveTaskCount(isPanelOpen: boolean) {
  return useQuery({
    ...activeCountQuery,
    refetchInterval: (query) => (isPanelOpen && (query.state.data?.count ?? 0) > 0 ? FAST_REFRESH_MS : SLOW_REFRESH_MS),
  });
}

async function readPage(filter: TaskFilter, cursor: string | null, signal: AbortSignal): Promise<TaskPage> {
  const status = filter === 'all' ? undefined : filter;
  return apiCall('GET', '/tasks', { query: { status, limit: PAGE_SIZE, cursor: cursor ?? undefined }, signal });
}

/**
 * The first `pageCount` pages of the list. Not an infinite query: TanStack's InfiniteQueryObserver would be
 * bundled with the protected layout (route-chunks.ts places what the react-query package index reaches), and so
 * loaded before the dashboard's first guest row; this costs nothing there.
 */
export function taskListQuery(filter: TaskFilter, pageCount: number) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'list', filter, pageCount],
    queryFn: async ({ client, queryKey, signal }): Promise<TaskPage[]> => {
      // "Load more" asks only for the next page, the others being those on screen; every later refresh reads
      // them all again from the first, so that tasks created meanwhile push the older ones along, none lost.
      const shown = client.getQueryData<TaskPage[]>(queryKey)
        ? undefined
        : client.getQueryData(taskListQuery(filter, pageCount - 1).queryKey);
      const pages = shown?.length === pageCount - 1 ? [...shown] : [];
      while (pages.length < pageCount) {
        const cursor = pages.at(-1)?.next_cursor ?? null;
        if (pages.length > 0 && cursor === null) break;
        pages.push(await readPage(filter, cursor, signal));
      }
      return pages;
    },
  });
}

/**
 * The recent tasks, newest first, `pageCount` pages of them ("Load more" adds one). Read again every 2 s while a
 * task is under way (`hasActiveTasks`, from the badge's count, or one shown), else every 15 s; only while shown.
 */
export function useTaskList(filter: TaskFilter, pageCount: number, hasActiveTasks: boolean) {
  const query = useQuery({
    ...taskListQuery(filter, pageCount),
    // While the next page loads, the ones shown stay; another filter starts afresh.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === filter ? previous : undefined),
    refetchInterval: (q) =>
      hasActiveTasks || q.state.data?.some((page) => page.items.some(isActive)) ? FAST_REFRESH_MS : SLOW_REFRESH_MS,
  });
  const pages = query.data;
  const tasks = useMemo(() => {
    // Pages are cut after a task, so none repeats; keys must stay unique all the same.
    const byId = new Map<string, Task>();
    for (const page of pages ?? []) for (const task of page.items) if (!byId.has(task.id)) byId.set(task.id, task);
    return [...byId.values()];
  }, [pages]);
  return {
    query,
    /** Undefined until a first answer. */
    tasks: pages ? tasks : undefined,
    hasMore: !query.isPlaceholderData && (pages?.at(-1)?.next_cursor ?? null) !== null,
    isLoadingMore: query.isPlaceholderData,
  };
}

export function taskDetailQuery(id: string) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'detail', id],
    queryFn: ({ signal }) => apiCall('GET', '/tasks/{id}', { path: { id }, signal }),
  });
}

/** One task with its log: read again every 2 s until it and its children have ended, then no more. */
export function useTaskDetail(id: string) {
  return useQuery({
    ...taskDetailQuery(id),
    refetchInterval: (query) => {
      const task = query.state.data;
      if (!task) return SLOW_REFRESH_MS;
      return isActive(task) || task.children.some(isActive) ? FAST_REFRESH_MS : false;
    },
  });
}

/** Cancels a queued task (the server answers 409 once it runs or has ended, 403 to a read-only member). */
export function useCancelTask() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...TASKS_KEY, 'cancel'],
    mutationFn: (id: string) => apiCall('POST', '/tasks/{id}/cancel', { path: { id } }),
    onSuccess: (task) => {
      client.setQueryData(taskDetailQuery(task.id).queryKey, (old) => (old ? { ...old, ...task } : old));
    },
    onSettled: () => client.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

/**
 * The page's own actions (any mutation outside this panel: a guest started, a host synced…) start tasks: the
 * count is read again shortly after one starts, and again when it ends, instead of waiting for the next 15 s.
 */
export function useRefreshAfterPageActions() {
  const client = useQueryClient();
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const refresh = () => void client.invalidateQueries({ queryKey: TASKS_KEY });
    const unsubscribe = client.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.mutation.options.mutationKey?.[0] === TASKS_KEY[0]) return;
      if (event.action.type === 'pending') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          refresh();
        }, AFTER_ACTION_MS);
        timers.add(timer);
      } else if (event.action.type === 'success' || event.action.type === 'error') {
        refresh();
      }
    });
    // Task events of the organisation's stream (any replica, any user) read the panel again, once per burst.
    let burst: ReturnType<typeof setTimeout> | undefined;
    const leaveStream = eventStream()?.subscribe((event) => {
      if (!event.type.startsWith('task.')) return;
      clearTimeout(burst);
      burst = setTimeout(refresh, STREAM_DEBOUNCE_MS);
    });
    return () => {
      unsubscribe();
      leaveStream?.();
      clearTimeout(burst);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [client]);
}
