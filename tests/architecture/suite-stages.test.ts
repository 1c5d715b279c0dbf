/**
 * `npm test` runs the stages of scripts/suite/phases.ts (decision 123). Every Vitest project the root config lists
 * runs in exactly one phase; what reads the built site runs after the build; the phases that keep both cores busy
 * run alone, so no stage makes them share the machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bin, PHASES, STAGES } from '../../scripts/suite/phases';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The `name:` of each project file the root vitest.config.ts lists. */
function vitestProjectNames(): string[] {
  const rootConfig = fs.readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
  const files = [...rootConfig.matchAll(/'([^']+vitest[^']*\.config\.ts)'/g)].map((match) => match[1]!);
  return files.map((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const name = /name: '([^']+)'/.exec(text)?.[1];
    if (!name) throw new Error(`${file} names no project`);
    return name;
  });
}

const vitestProject = (command: readonly string[]) =>
  command[0] === bin('vitest') ? command[command.indexOf('--project') + 1] : undefined;

/** The index of the stage a phase runs in. */
const stageOf = (name: string) => STAGES.findIndex((stage) => stage.flat().some((phase) => phase.name === name));

describe('the suite’s stages', () => {
  it('run every Vitest project once', () => {
    const run = PHASES.map((phase) => vitestProject(phase.command)).filter(Boolean);
    expect([...run].sort()).toEqual([...new Set(run)].sort());
    expect([...run].sort()).toEqual(vitestProjectNames().sort());
  });

  it('build the site before what reads it, in the same lane or a stage before', () => {
    for (const reader of ['vitest budgets', 'playwright']) {
      const lane = STAGES.flat().find((phases) => phases.some((phase) => phase.name === reader))!;
      const sameLane = lane.findIndex((phase) => phase.name === 'build') >= 0;
      const before = lane.findIndex((phase) => phase.name === 'build') < lane.findIndex((p) => p.name === reader);
      expect(sameLane ? before : stageOf('build') < stageOf(reader), reader).toBe(true);
    }
  });

  it('keep the phases that fill both cores alone in their stage', () => {
    for (const busy of ['typecheck', 'lint', 'vitest server', 'playwright']) {
      expect(STAGES[stageOf(busy)]!.flat().map((phase) => phase.name)).toEqual([busy]);
    }
  });
});
