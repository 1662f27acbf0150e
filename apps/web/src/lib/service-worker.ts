/**
 * The service worker (src/sw.ts, docs/product.md §20.1): registered once the page has loaded, so
 * that its precaching never competes with the page's own requests. A browser without service
 * workers, or a refused registration, leaves the app as it was: online only.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The active worker's registration, or null where there is none (no support, not yet active). */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}
