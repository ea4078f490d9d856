import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';

/** Renders `ui` with a fresh query cache that does not retry (and Suspense for the lazily loaded strings). */
export function renderWithQuery(ui: ReactNode): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback="…">{ui}</Suspense>
    </QueryClientProvider>,
  );
  return client;
}
