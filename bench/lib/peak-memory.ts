// The peak resident memory of another process over a stretch of work, Linux only: its VmHWM after
// resetting it (writing 5 to /proc/<pid>/clear_refs), and RSS sampled every few milliseconds in
// case the reset is not allowed. Growth is measured against its RSS when the watch started.
import { readFileSync, writeFileSync } from 'node:fs';

const MIB = 1024 * 1024;

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export interface PeakMemory {
  /** RSS when the watch started, MiB. */
  startMiB: number;
  /** Highest RSS seen while it ran, MiB. */
  peakMiB: number;
  growthMiB: number;
  /** Whether the kernel's peak (VmHWM) could be reset, so the peak is exact rather than sampled. */
  exactPeak: boolean;
}

/** Starts watching `pid`; the returned function stops and answers what was seen. */
export function watchPeakMemory(pid: number, sampleMs = 5): () => PeakMemory {
  let exactPeak = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    exactPeak = false;
  }
  const startKiB = statusKiB(pid, 'VmRSS');
  let sampledKiB = startKiB;
  const timer = setInterval(() => {
    sampledKiB = Math.max(sampledKiB, statusKiB(pid, 'VmRSS'));
  }, sampleMs);
  return () => {
    clearInterval(timer);
    const peakKiB = Math.max(sampledKiB, statusKiB(pid, 'VmRSS'), exactPeak ? statusKiB(pid, 'VmHWM') : 0);
    const round = (kib: number) => Math.round((kib * 1024 * 10) / MIB) / 10;
    return { startMiB: round(startKiB), peakMiB: round(peakKiB), growthMiB: round(peakKiB - startKiB), exactPeak };
  };
}
