import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter, preloadInitialScreen } from './app/router';
import { startI18n } from './lib/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

captureInstallPrompt();
const router = createAppRouter();

// A failed preload renders anyway: the lazy route then retries, or shows its error page. The
// language's catalogue is fetched beside the screen (docs/decisions/074-languages.md).
void Promise.all([
  preloadInitialScreen(window.location.pathname).catch(() => undefined),
  startI18n().catch(() => undefined),
]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);

if (import.meta.env.PROD) registerServiceWorker();
