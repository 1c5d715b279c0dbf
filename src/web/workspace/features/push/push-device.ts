/**
 * This browser's side of the push notifications (decision 130): whether it can have them, its service worker
 * (registered with the scope TEAM_PATH/ as the workspace starts), its current subscription, and subscribing with the
 * server's VAPID key after the member's tap (the permission prompt needs one).
 */
import { SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE, type BrowserSubscription } from '../../../../domain/push';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** Registers the workspace's service worker (once per page; the browser keeps it). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | undefined {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: SERVICE_WORKER_SCOPE });
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await registerServiceWorker();
  return navigator.serviceWorker.ready;
}

/** This browser's subscription's endpoint, if it has one. */
export async function currentEndpoint(): Promise<string | null> {
  if (pushSupport() === 'unsupported') return null;
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return (await existing?.pushManager.getSubscription())?.endpoint ?? null;
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
};

/**
 * Asks for the permission and subscribes with the server's key: the subscription as the browser gives it, or
 * 'denied'. A subscription made with another key (the server's key pair changed) is replaced.
 */
export async function subscribe(publicKey: string): Promise<BrowserSubscription | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { pushManager } = await registration();
  const key = keyBytes(publicKey);
  let subscription = await pushManager.getSubscription();
  const sameKey = (existing: PushSubscription) => {
    const used = existing.options.applicationServerKey;
    return used !== null && key.every((byte, index) => new Uint8Array(used)[index] === byte);
  };
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON() as BrowserSubscription;
}

/** Ends this browser's subscription (the server's row is removed by the page). */
export async function unsubscribe(): Promise<void> {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  await (await existing?.pushManager.getSubscription())?.unsubscribe();
}

/** What the device list calls this browser: its browser and system, from the user agent. No identifier. */
export function deviceLabel(userAgent = navigator.userAgent): string {
  const browser = /SamsungBrowser/.test(userAgent)
    ? 'Samsung Internet'
    : /Edg\//.test(userAgent)
      ? 'Edge'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}
