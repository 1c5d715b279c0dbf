/**
 * What the suite runner measures of a phase: wall time, and the CPU time the whole machine spent meanwhile (from
 * /proc/stat, so a PostgreSQL server or a Chromium that left the runner's process tree still counts), with the load
 * average when it started. On a machine without /proc the CPU column is left empty.
 */
import fs from 'node:fs';
import os from 'node:os';

export interface PhaseFigures {
  name: string;
  wallMs: number;
  /** CPU seconds spent on the machine while the phase ran (all cores, every process); NaN without /proc. */
  cpuS: number;
  loadAtStart: number;
  ok: boolean;
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

export const loadAverage = (): number => os.loadavg()[0] ?? 0;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The phases as a Markdown table with a total row: wall, CPU, the cores' share in use, load at start. */
export function phaseTable(phases: readonly PhaseFigures[], cores = os.availableParallelism()): string {
  const row = (name: string, wallMs: number, cpuS: number, load: string, ok: string) =>
    `| ${name} | ${seconds(wallMs)} | ${Number.isNaN(cpuS) ? '–' : `${cpuS.toFixed(1)} s`} | ` +
    `${Number.isNaN(cpuS) || wallMs === 0 ? '–' : `${Math.round((cpuS * 100_000) / (wallMs * cores))} %`} | ${load} | ${ok} |`;
  const totalWall = phases.reduce((sum, phase) => sum + phase.wallMs, 0);
  const totalCpu = phases.reduce((sum, phase) => sum + phase.cpuS, 0);
  return [
    `| phase | wall | CPU (machine) | cores busy (of ${cores}) | load at start | result |`,
    '| --- | ---: | ---: | ---: | ---: | :---: |',
    ...phases.map((phase) =>
      row(phase.name, phase.wallMs, phase.cpuS, phase.loadAtStart.toFixed(1), phase.ok ? 'passed' : 'FAILED'),
    ),
    row('**total**', totalWall, totalCpu, '', phases.every((phase) => phase.ok) ? 'passed' : 'FAILED'),
  ].join('\n');
}
