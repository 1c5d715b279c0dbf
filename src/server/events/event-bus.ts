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
import { storeEvent, type NewWorkspaceEvent } from './event-store';

export type EventListener = (event: WorkspaceEvent) => void;

export interface EventBus {
  publish(event: NewWorkspaceEvent): Promise<void>;
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

/** publish(): store, then announce; errors are logged with the kind and id only. */
export function publisher(
  database: Database,
  announce: (event: WorkspaceEvent) => Promise<void>,
  log: FastifyBaseLogger,
): EventBus['publish'] {
  return async (event) => {
    try {
      await announce(await storeEvent(database, event));
    } catch (error) {
      log.warn({ err: error, kind: event.kind, ideaId: event.ideaId }, 'workspace event not published');
    }
  };
}
