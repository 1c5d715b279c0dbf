/**
 * How much CPU time the hypervisor took from this virtual machine while something ran ("steal" in /proc/stat):
 * on a shared host, a benchmark run that lost a tenth of its CPU to neighbours measures them, not the page.
 * Linux only; elsewhere the figures are unavailable (undefined).
 */
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  total: number;
  steal: number;
}

/** The machine's CPU time so far, in clock ticks, from the first line of /proc/stat. */
export function readCpuTimes(stat = () => readFileSync('/proc/stat', 'utf8')): CpuTimes | undefined {
  try {
    const fields = stat().split('\n', 1)[0]!.trim().split(/\s+/);
    if (fields[0] !== 'cpu') return undefined;
    // user nice system idle iowait irq softirq steal (guest time follows, already counted in user and nice)
    const ticks = fields.slice(1, 9).map(Number);
    if (ticks.length < 8 || ticks.some(Number.isNaN)) return undefined;
    return { total: ticks.reduce((sum, value) => sum + value, 0), steal: ticks[7]! };
  } catch {
    return undefined;
  }
}

/** The share (0–1) of the CPU time between two readings that was stolen; undefined if either is missing. */
export function stealShare(before: CpuTimes | undefined, after: CpuTimes | undefined): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return (after.steal - before.steal) / (after.total - before.total);
}
