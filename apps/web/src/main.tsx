import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter, preloadInitialScreen } from './app/router';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

captureInstallPrompt();
const router = createAppRouter();

// A failed preload renders anyway: the lazy route then retries, or shows its error page.
void preloadInitialScreen(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );

if (import.meta.env.PROD) registerServiceWorker();
