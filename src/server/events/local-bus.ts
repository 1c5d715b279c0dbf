/** The event bus on PGlite: one process holds the database, so an announcement is a call to this instance's streams. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { WorkspaceEvent } from '../../domain/workspace-events';
import { announcer, Listeners, publisher, type EventBus } from './event-bus';

export function localEventBus(database: Database, log: FastifyBaseLogger): EventBus {
  const listeners = new Listeners();
  const deliver = async (events: WorkspaceEvent[]) => {
    for (const event of events) listeners.deliver(event);
  };
  return {
    publish: publisher(database, deliver, log),
    announce: announcer(deliver, log),
    transactionChannel: undefined,
    subscribe: (listener) => listeners.add(listener),
    close: async () => {},
  };
}
