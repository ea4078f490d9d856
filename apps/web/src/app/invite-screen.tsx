import { QueryClientProvider } from '@tanstack/react-query';
import { InvitePage } from '@/features/members/invite-page';
import { queryClient } from '@/lib/query-client';

/**
 * /invite/{token}: public, but it reads and writes through the query cache (the preview, then accepting). Imported
 * from here by name: the router's `import('@tanstack/react-query')` kept every export of the package (about 55 KB
 * of unminified script: hydration, useQueries, the suspense hooks…) in the chunk every signed-in page loads first.
 */
export function InviteScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <InvitePage />
    </QueryClientProvider>
  );
}
