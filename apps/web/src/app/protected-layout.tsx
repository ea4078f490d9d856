import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-storage';

/**
 * A 401 from any call of a protected page (dashboard, licences) means the stored session is dead: it is
 * cleared and the user goes to /auth (SPEC.md §2, §7). Installed once here, for every protected route,
 * and removed when the user leaves them, so public pages keep handling their own 401s.
 */
function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        clearSession();
        void navigate('/auth', { replace: true });
      }),
    [navigate],
  );
}

/**
 * Server-state cache for the signed-in screens. Loaded with them, so public pages never download
 * TanStack Query (the landing page's JavaScript budget is 150 KB gzip).
 */
export function ProtectedLayout() {
  useUnauthorizedRedirect();
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
