/**
 * The workspace's event bus: `publish` stores a change (event-store.ts) and announces it to every instance's
 * subscribers (the open streams); `subscribe` hears every announcement on this instance. Two implementations, one
 * job each: local-bus.ts (PGlite: one process) and postgres-bus.ts (LISTEN/NOTIFY across instances). Publishing is
 * called after a change committed and never fails the change: an error is logged and the pages catch up at their
 * next reconnect or refetch.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceEvent } from '../../domain/workspace-events';
import type { Database } from '../db/client';
import { storeEvents, type NewWorkspaceEvent } from './event-store';

export type EventListener = (event: WorkspaceEvent) => void;

export interface EventBus {
  publish(event: NewWorkspaceEvent): Promise<void>;
  /**
   * Announces an event already stored with its change, in the change's own transaction (the intake's group commit
   * stores its `lead_received` rows, decision 113): no write, only the announcement, a burst's events together.
   */
  announce(event: WorkspaceEvent): Promise<void>;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

/** Subscribers of one instance; a throwing listener does not stop the others. */
export class Listeners {
  private readonly listeners = new Set<EventListener>();

  add(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(event: WorkspaceEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A stream whose socket went away; it unsubscribes as it closes.
      }
    }
  }

  get size() {
    return this.listeners.size;
  }
}

/**
 * announce() for events already stored: those of one tick (one group commit's new leads) go in one announcement.
 * Each call resolves once its event was announced (or the attempt failed: logged with the kinds and count only).
 */
export function announcer(
  announce: (events: WorkspaceEvent[]) => Promise<void>,
  log: FastifyBaseLogger,
): EventBus['announce'] {
  let waiting: { event: WorkspaceEvent; done: () => void }[] = [];
  let sending: Promise<void> | undefined;

  async function sendAll(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const events = batch.map((entry) => entry.event).sort((a, b) => a.id - b.id);
      try {
        await announce(events);
      } catch (error) {
        const kinds = [...new Set(events.map((event) => event.kind))];
        log.warn({ err: error, kinds, count: events.length }, 'workspace events not announced');
      }
      for (const entry of batch) entry.done();
    }
    sending = undefined;
  }

  return (event) =>
    new Promise<void>((done) => {
      waiting.push({ event, done });
      sending ??= Promise.resolve().then(sendAll);
    });
}

/**
 * publish(): store, then announce. Events published while a write is under way (a group commit's new leads arrive
 * together) wait for it and go in the next write: one insert and one announcement per burst, not one commit per
 * event, so the intake's throughput does not pay for the live inbox. Each call resolves once its event was
 * announced (or the attempt failed: logged with the kinds and count only).
 */
export function publisher(
  database: Database,
  announce: (events: WorkspaceEvent[]) => Promise<void>,
  log: FastifyBaseLogger,
): EventBus['publish'] {
  let waiting: { event: NewWorkspaceEvent; done: () => void }[] = [];
  let writing: Promise<void> | undefined;

  async function writeAll(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await announce(
          await storeEvents(
            database,
            batch.map((entry) => entry.event),
          ),
        );
      } catch (error) {
        const kinds = [...new Set(batch.map((entry) => entry.event.kind))];
        log.warn({ err: error, kinds, count: batch.length }, 'workspace events not published');
      }
      for (const entry of batch) entry.done();
    }
    writing = undefined;
  }

  return (event) =>
    new Promise<void>((done) => {
      waiting.push({ event, done });
      // Started a microtask later, so the events of one tick (one group commit's leads) share the first write.
      writing ??= Promise.resolve().then(writeAll);
    });
}
