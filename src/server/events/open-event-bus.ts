/** The event bus for this server's database: LISTEN/NOTIFY with DATABASE_URL, in-process on PGlite. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { EventBus } from './event-bus';
import { localEventBus } from './local-bus';
import { postgresEventBus } from './postgres-bus';

export function openEventBus(
  database: Database,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  return database.kind === 'postgres' && databaseUrl
    ? postgresEventBus(database, databaseUrl, log)
    : Promise.resolve(localEventBus(database, log));
}
