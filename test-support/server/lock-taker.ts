/**
 * A child process for the data-dir lock race test: on each message `{ dir, at }` it waits until `at` (a shared
 * moment, so every taker starts together), tries to take `dir`'s lock and answers 'won' or 'busy'. It keeps what it
 * won until it exits.
 */
import { acquireDataDirLock, DataDirBusyError } from '../../src/server/db/data-dir-lock';

process.on('message', (message: { dir: string; at: number }) => {
  while (Date.now() < message.at) {
    // spin: a timer would let the takers drift apart
  }
  let outcome: string;
  try {
    acquireDataDirLock(message.dir, 'server');
    outcome = 'won';
  } catch (error) {
    outcome = error instanceof DataDirBusyError ? 'busy' : `error: ${(error as Error).message}`;
  }
  process.send?.({ dir: message.dir, outcome });
});
process.send?.('ready');
