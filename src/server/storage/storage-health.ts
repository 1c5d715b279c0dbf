/**
 * The storage's health for /healthz (decision 077): DATA_DIR can be written (a probe file, when the process keeps
 * anything there), and no write has failed for lack of space or permission within the last STORAGE_FAILURE_WINDOW_MS
 * (a database on another server fills up too). A failing write answers the visitor 503 (routes/error-handlers.ts).
 */
import { probeDataDir } from './data-dir-access';
import { storageProblem, type StorageProblem } from './storage-errors';

/** How long a storage failure seen by a request keeps /healthz at 503 after it. */
export const STORAGE_FAILURE_WINDOW_MS = 60_000;

export interface StorageHealth {
  /** Records `error` when it is a storage failure. */
  note(error: unknown): void;
  /** 'ok', or what is wrong now. */
  check(): StorageProblem | 'not-a-directory' | 'ok';
}

export function storageHealth(options: { dataDir: string; usesDataDir: boolean; now?: () => number }): StorageHealth {
  const now = options.now ?? Date.now;
  let lastFailure: { problem: StorageProblem; at: number } | undefined;
  return {
    note(error) {
      const problem = storageProblem(error);
      if (problem) lastFailure = { problem, at: now() };
    },
    check() {
      if (options.usesDataDir) {
        const problem = probeDataDir(options.dataDir);
        if (problem) return problem;
      }
      return lastFailure && now() - lastFailure.at < STORAGE_FAILURE_WINDOW_MS ? lastFailure.problem : 'ok';
    },
  };
}
