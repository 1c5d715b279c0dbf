/**
 * What the suite runner measures of a phase: wall time, the CPU time the whole machine spent meanwhile (from
 * /proc/stat, so a PostgreSQL server or a Chromium that left the runner's process tree still counts), the CPU time of
 * the phase's own processes (what the runner reaped of them), and the load average when it started. A stage whose
 * phases run side by side has the machine's CPU on its own row. On a machine without /proc the CPU is left empty.
 */
import fs from 'node:fs';
import os from 'node:os';

export interface PhaseFigures {
  name: string;
  wallMs: number;
  /** CPU seconds spent on the machine while the phase ran (all cores, every process); NaN without /proc. */
  cpuS: number;
  /** CPU seconds of the phase's own processes, those its process reaped: not a daemon it started, and in
   * Playwright only about half of Chromium's processes' CPU (measured against the machine's). */
  ownCpuS: number;
  loadAtStart: number;
  ok: boolean;
}

/** A stage's figures: its phases', and the machine's while they ran side by side. */
export interface StageFigures extends PhaseFigures {
  phases: PhaseFigures[];
}

const TICKS_PER_SECOND = 100;

/** Busy CPU time of the whole machine so far, in seconds (user, nice, system, irq, softirq). */
export function machineBusySeconds(): number {
  try {
    const first = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq] = first.trim().split(/\s+/).map(Number);
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds of this process's children that it has reaped so far, with their reaped descendants (/proc/self/stat
 * cutime and cstime). Read as each phase's process closes, the step since the last reading is that phase's.
 */
export function reapedChildrenSeconds(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

export const loadAverage = (): number => os.loadavg()[0] ?? 0;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const cpu = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} s`);

/**
 * The stages as a Markdown table with a total row: wall, the machine's CPU, the phase's own processes' CPU, the
 * cores' share in use, load at start. A stage of phases side by side has a row of its own, its phases indented.
 */
export function phaseTable(stages: readonly StageFigures[], cores = os.availableParallelism()): string {
  const busy = (cpuS: number, wallMs: number) =>
    Number.isNaN(cpuS) || wallMs === 0 ? '–' : `${Math.round((cpuS * 100_000) / (wallMs * cores))} %`;
  const result = (ok: boolean) => (ok ? 'passed' : 'FAILED');
  const rows = stages.flatMap((stage) => {
    if (stage.phases.length === 1) {
      const phase = stage.phases[0]!;
      return [
        `| ${phase.name} | ${seconds(phase.wallMs)} | ${cpu(stage.cpuS)} | ${cpu(phase.ownCpuS)} | ` +
          `${busy(stage.cpuS, stage.wallMs)} | ${phase.loadAtStart.toFixed(1)} | ${result(phase.ok)} |`,
      ];
    }
    return [
      `| ${stage.name} | ${seconds(stage.wallMs)} | ${cpu(stage.cpuS)} | ${cpu(stage.ownCpuS)} | ` +
        `${busy(stage.cpuS, stage.wallMs)} | ${stage.loadAtStart.toFixed(1)} | ${result(stage.ok)} |`,
      ...stage.phases.map(
        (phase) =>
          `| &nbsp;&nbsp;↳ ${phase.name} | ${seconds(phase.wallMs)} | | ${cpu(phase.ownCpuS)} | | ` +
          `${phase.loadAtStart.toFixed(1)} | ${result(phase.ok)} |`,
      ),
    ];
  });
  const sum = (pick: (stage: StageFigures) => number) => stages.reduce((total, stage) => total + pick(stage), 0);
  const totalWall = sum((stage) => stage.wallMs);
  const totalCpu = sum((stage) => stage.cpuS);
  return [
    `| phase | wall | CPU (machine) | CPU (its processes) | cores busy (of ${cores}) | load at start | result |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...rows,
    `| **total** | ${seconds(totalWall)} | ${cpu(totalCpu)} | ${cpu(sum((stage) => stage.ownCpuS))} | ` +
      `${busy(totalCpu, totalWall)} | | ${result(stages.every((stage) => stage.ok))} |`,
  ].join('\n');
}
