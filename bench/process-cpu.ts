import { readFileSync } from 'node:fs';

/** CPU seconds a process has used (Linux /proc; clock ticks of 1/100 s). */
export function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
