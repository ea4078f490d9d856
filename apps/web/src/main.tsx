import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { applyDocumentLanguage, i18n, i18nReady } from '@/lib/i18n';
import { AppProviders } from '@/app/providers';
import { createRouter, routerSettled } from '@/app/router';

const router = createRouter();

// The first render waits for the strings and for the first navigation (its page's code, loaders and
// redirects): before that the router would only render an empty fallback, then render the page again
// as a transition, sliced into small tasks. One synchronous render of the finished page is faster.
void Promise.all([i18nReady, routerSettled(router)]).then(() => {
  applyDocumentLanguage(i18n.resolvedLanguage ?? 'fr');
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
