/**
 * This browser's side of web push (docs/product.md §20.2): whether it can, what the person
 * allowed, and the subscription of the service worker (src/sw.ts). No request to our server
 * here: features/push/api sends the subscription there.
 */

export type PushPermission = 'default' | 'granted' | 'denied';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** The subscription of this browser, or null. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const worker = await registration();
  return worker ? worker.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Thrown when the person (or the browser) said no to notifications. */
export class PushPermissionDenied extends Error {
  constructor() {
    super('Notification permission denied');
  }
}

/**
 * Asks for the permission (call it from a click: browsers prompt only then), then subscribes the
 * service worker with the server's VAPID key. Waits for the worker to be active.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  if (!pushSupported()) throw new Error('Push is not supported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const worker = await navigator.serviceWorker.ready;
  const existing = await worker.pushManager.getSubscription();
  if (existing) return existing;
  return worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}

/** What POST /api/push/subscriptions takes: the subscription's endpoint and keys. */
export function subscriptionBody(subscription: PushSubscription): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
