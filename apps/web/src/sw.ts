/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

/**
 * The service worker (docs/product.md §20.1, docs/decisions/073-phones.md): it precaches the
 * built shell, answers a navigation from the network and, when there is none, with the shell;
 * `/api/*` (and sockets, uploads) always go to the network and nothing of theirs is stored.
 * It shows the web pushes (§20.2) and opens their `url` on a click.
 */
declare const self: ServiceWorkerGlobalScope;

/** Paths that belong to the server, never answered from a cache. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/uploads\//, /^\/metrics$/];
const SHELL = '/index.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Online, a page comes from the server as before (its own preloads, its headers); offline,
// the precached shell renders it from what this device kept (§20.1).
const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(SHELL)) ?? Response.error();
      }
    },
    { denylist: SERVER_PATHS },
  ),
);

// A new version takes over at once: the shell is precached by content hash, and a page
// opened under the old worker keeps its chunks (they stay on the server for a year).
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** What the server pushes (§20.2). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

function readPayload(data: PushMessageData | null): PushPayload | null {
  if (!data) return null;
  try {
    const value = data.json() as Partial<PushPayload>;
    if (typeof value.title !== 'string') return null;
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: typeof value.url === 'string' ? value.url : '/',
      tag: typeof value.tag === 'string' ? value.tag : undefined,
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

/** Same-origin paths only: a payload never sends the click elsewhere. */
function targetUrl(data: unknown): string {
  const raw = (data as { url?: unknown } | null)?.url;
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url) ?? windows[0];
      if (open) {
        const focused = await open.focus();
        if (focused.url !== url) await focused.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
