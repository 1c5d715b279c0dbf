/**
 * The workspace's service worker (decision 130), served at SERVICE_WORKER_PATH with the scope TEAM_PATH/, built on
 * its own into dist/team/sw.js (build/build-workspace.ts). It shows each push notification from its payload — the
 * kind, the lead's reference and stage (content/push-notifications.ts), never the founder's data; the weekly
 * summary's counts — and a click opens the lead's page (the 현황 screen for the summary): in a workspace window
 * already open, else a new one. It caches nothing: the workspace is online.
 */
import { pushMessageCopy as copy } from '../../content/push-notifications';
import { stageLabels } from '../../content/stages';
import type { PushKind } from '../../domain/push';
import type { Stage } from '../../domain/stages';
import { TEAM_PATH } from '../../domain/team-paths';
import { notificationTarget } from './features/push/notification-target';

/* The parts of the service worker's scope this uses (the project's types are the DOM's, not the worker's). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface ShownNotification {
  data: unknown;
  close(): void;
}
interface NotificationEvent extends ExtendableEvent {
  notification: ShownNotification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
/** One title per kind (the typecheck holds the copy to PUSH_KINDS). */
const titles: Record<PushKind, string> = copy.title;

/**
 * The payload's fields, read without trusting them (a payload it does not know still links the inbox). Checked
 * against the copy's own keys, which the types hold to PUSH_KINDS and STAGES: no zod in the worker (a tenth the size).
 */
function messageOf(data: unknown): { title: string; body: string; url: string; tag?: string } {
  const payload = (data ?? {}) as Record<string, unknown>;
  const known = (keys: object, value: unknown) => typeof value === 'string' && Object.hasOwn(keys, value);
  if (payload.kind === 'weekly_summary') {
    // The week's figures (decision 156): counts only, and the 현황 screen.
    const n = (value: unknown) => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0);
    return {
      title: titles.weekly_summary,
      body: copy.weeklyBody(n(payload.ideas), n(payload.contracted), n(payload.overdue)),
      url: notificationTarget(payload.url),
      tag: 'weekly_summary',
    };
  }
  const kind = known(titles, payload.kind) ? (payload.kind as PushKind) : undefined;
  const stage = known(stageLabels, payload.stage) ? (payload.stage as Stage) : undefined;
  const reference = typeof payload.reference === 'string' ? payload.reference.slice(0, 16) : undefined;
  const url = notificationTarget(payload.url);
  if (!kind || !stage || !reference) return { title: copy.fallbackTitle, body: copy.fallbackBody, url };
  return { title: titles[kind], body: copy.body(reference, stage), url, tag: `${kind}:${reference}` };
}

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined;
  }
  const message = messageOf(data);
  event.waitUntil(
    worker.registration.showNotification(message.title, {
      body: message.body,
      lang: 'ko',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      ...(message.tag ? { tag: message.tag } : {}),
      data: { url: message.url },
    }),
  );
});

/**
 * Opens `url` in a workspace window already open (the first one found), else in a new window. A window this worker
 * does not control cannot be navigated by it: a new one opens then. Focusing is a nicety the browser may refuse.
 */
async function openLead(url: string): Promise<void> {
  const target = new URL(url, worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: false });
  const open = windows.find((client) => new URL(client.url).pathname.startsWith(TEAM_PATH));
  const navigated = open ? await open.navigate(target).catch(() => null) : null;
  if (navigated) {
    await navigated.focus().catch(() => undefined);
    return;
  }
  await worker.clients.openWindow(target);
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { url?: unknown };
  event.waitUntil(openLead(notificationTarget(data.url)));
});
