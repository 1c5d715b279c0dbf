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
  /**
   * The channel a change can NOTIFY its stored events on within its own transaction (PostgreSQL), so they reach
   * every instance's subscribers as it commits, with no announce() after it (the intake's group commit, decision
   * 116). Undefined: the bus is this process (PGlite), and the change calls announce() after its commit.
   */
  readonly transactionChannel: string | undefined;
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
 * Calls `handle` with the events of a burst: those that arrive while a call is under way (a group commit's new
 * leads arrive together) wait for it and go in the next call, the first call started a microtask later so the
 * events of one tick share it. Each event's promise resolves once its call settled; a failure is logged with the
 * kinds and count only, never the events (the pages catch up at their next reconnect or refetch).
 */
function inBursts<E extends { kind: string }>(
  handle: (events: E[]) => Promise<void>,
  log: FastifyBaseLogger,
  failure: string,
): (event: E) => Promise<void> {
  let waiting: { event: E; done: () => void }[] = [];
  let running: Promise<void> | undefined;

  async function runAll(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const events = batch.map((entry) => entry.event);
      try {
        await handle(events);
      } catch (error) {
        const kinds = [...new Set(events.map((event) => event.kind))];
        log.warn({ err: error, kinds, count: events.length }, failure);
      }
      for (const entry of batch) entry.done();
    }
    running = undefined;
  }

  return (event) =>
    new Promise<void>((done) => {
      waiting.push({ event, done });
      running ??= Promise.resolve().then(runAll);
    });
}

/** announce() for events already stored with their change: a burst's events in one announcement, in id order. */
export function announcer(
  announce: (events: WorkspaceEvent[]) => Promise<void>,
  log: FastifyBaseLogger,
): EventBus['announce'] {
  return inBursts((events) => announce(events.sort((a, b) => a.id - b.id)), log, 'workspace events not announced');
}

/**
 * publish(): store, then announce, a burst at a time: one insert and one announcement per burst, not one commit
 * per event, so the intake's throughput does not pay for the live inbox.
 */
export function publisher(
  database: Database,
  announce: (events: WorkspaceEvent[]) => Promise<void>,
  log: FastifyBaseLogger,
): EventBus['publish'] {
  return inBursts(
    async (events: NewWorkspaceEvent[]) => announce(await storeEvents(database, events)),
    log,
    'workspace events not published',
  );
}
