/** The event bus on PGlite: one process holds the database, so an announcement is a call to this instance's streams. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { Listeners, publisher, type EventBus } from './event-bus';

export function localEventBus(database: Database, log: FastifyBaseLogger): EventBus {
  const listeners = new Listeners();
  return {
    publish: publisher(
      database,
      async (events) => {
        for (const event of events) listeners.deliver(event);
      },
      log,
    ),
    subscribe: (listener) => listeners.add(listener),
    close: async () => {},
  };
}
