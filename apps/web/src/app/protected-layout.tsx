import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { StepUpProvider } from '@/features/security/step-up-dialog';
import { TasksEntry } from '@/features/tasks/tasks-entry';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';

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
 * Server-state cache for the signed-in screens (lib/query-client.ts). Leaving them forgets it, so the next
 * account signed in on this browser never sees the previous one's data. Every signed-in page gets the task panel's
 * entry point, which loads nothing before the page has started (features/tasks/tasks-entry.tsx); the alerts bell
 * is in the main navigation's bar (app-nav.tsx), inside this cache.
 */
export function ProtectedLayout() {
  useUnauthorizedRedirect();
  useEffect(() => () => queryClient.clear(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <TasksEntry />
      {/* Sensitive calls answered 401 step_up_required ask for a second factor here, then retry (lib/api-client.ts). */}
      <StepUpProvider />
    </QueryClientProvider>
  );
}
