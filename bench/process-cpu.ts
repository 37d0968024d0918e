import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds a process has used (Linux /proc; clock ticks of 1/100 s). */
export function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's busy and total CPU time so far (/proc/stat), to tell how much of it others used. */
export function machineCpu(): { busy: number; total: number } {
  const times = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const total = times.reduce((a, b) => a + b, 0);
  return { busy: total - times[3]! - times[4]!, total };
}

/** CPU seconds used so far by every PostgreSQL process alive now (its backends, WAL writer, ...). */
export function postgresCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processCpu(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
