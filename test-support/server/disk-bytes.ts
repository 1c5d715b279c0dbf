/** Finds byte strings in files, for the erasure tests: which of the needles any file still holds, and where. */
import fs from 'node:fs';
import path from 'node:path';

/** Every regular file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** For each needle's label, the files (relative to `base`) whose bytes contain it; labels found nowhere are left out. */
export function needlesIn(files: string[], needles: Record<string, Buffer>, base: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed while we looked
      throw error;
    }
    for (const [label, needle] of Object.entries(needles)) {
      if (bytes.includes(needle)) (found[label] ??= []).push(path.relative(base, file));
    }
  }
  return found;
}
