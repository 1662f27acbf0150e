import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/app-routes';
import { preloadInitialScreen } from './app/router';
import { startI18n } from './lib/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

captureInstallPrompt();

// A failed preload renders anyway: the lazy route then retries, or shows its error page. The
// language's catalogue is fetched beside the screen (docs/decisions/074-languages.md).
void Promise.all([
  preloadInitialScreen(window.location.pathname).catch(() => undefined),
  startI18n().catch(() => undefined),
]).then(() => {
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices of a few milliseconds and gives
  // the main thread back between them, rather than in one long task that blocks input (and that
  // Lighthouse counts as blocking time: docs/decisions/080-page-weight.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
});

if (import.meta.env.PROD) registerServiceWorker();
