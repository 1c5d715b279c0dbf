/** docs/benchmarks.md, where each benchmark rewrites its own section between `<!-- bench:NAME:start/end -->`. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const benchmarksFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/** Replaces the section `name` with `markdown`, appending the markers at the end the first time. */
export function writeBenchSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  let current = fs.readFileSync(benchmarksFile, 'utf8');
  if (!current.includes(start)) current = `${current.trimEnd()}\n\n${start}\n${end}\n`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (to < from) throw new Error(`${benchmarksFile}: ${end} comes before ${start}`);
  fs.writeFileSync(benchmarksFile, `${current.slice(0, from + start.length)}\n${markdown}\n${current.slice(to)}`);
}
