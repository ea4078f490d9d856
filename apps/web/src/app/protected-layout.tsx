import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { ApiError } from '@/lib/api-client';

/**
 * Server-state cache for the signed-in screens. Loaded with them, so public pages never download
 * TanStack Query (the landing page's JavaScript budget is 150 KB gzip).
 */
export function ProtectedLayout() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 10_000,
            retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
