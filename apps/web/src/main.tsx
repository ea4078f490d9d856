import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { applyDocumentLanguage, i18n, i18nReady } from '@/lib/i18n';
import { AppProviders } from '@/app/providers';
import { createRouter } from '@/app/router';

const router = createRouter();

void i18nReady.then(() => {
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
