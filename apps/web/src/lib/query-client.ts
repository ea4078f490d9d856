import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The server-state cache of the signed-in screens, shared by their layout and their route loaders (a loader
 * fills it before the page renders, so the first paint already has the data). Imported only by lazily loaded
 * code: public pages never download TanStack Query (the landing page's budget is 150 KB gzip).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});
