/**
 * Where the tests lay out their throwaway databases and servers' data folders (decision 123): the memory-backed
 * /dev/shm when the machine has one with room, else the system's temp folder; `TEST_SCRATCH_DIR` chooses another.
 * A PGlite cluster is 1,200 files, copied for every suite: on the disk that was a quarter of a server worker's time
 * (the figures: decision 123). The tests read and write the same files through the same calls; only the benchmarks'
 * durable PostgreSQL clusters stay on the disk, whose flushes they measure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SHARED_MEMORY = '/dev/shm';
/** Room enough for the suites running at once, each with a few 40 MB clusters. */
const MIN_FREE_BYTES = 2 * 1024 ** 3;

function hasRoom(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize >= MIN_FREE_BYTES;
  } catch {
    return false;
  }
}

let root: string | undefined;

/** The folder the scratch folders go in. */
function scratchRoot(): string {
  root ??= process.env.TEST_SCRATCH_DIR || (hasRoom(SHARED_MEMORY) ? SHARED_MEMORY : os.tmpdir());
  return root;
}

/** A new folder of this user's alone (mode 0700), named with `prefix`; the caller removes it. */
export const makeScratchDir = (prefix: string): string => fs.mkdtempSync(path.join(scratchRoot(), prefix));
