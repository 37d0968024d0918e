import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds a process has used (Linux /proc; clock ticks of 1/100 s). */
export function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process: now, and the peak since the last reset (Linux /proc). */
export function processMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)![1]);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
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

/** What the measured seconds of a bench cost the machine: CPU seconds of each part, and how busy the cores were. */
export interface MeasuredWindow {
  /** Wall seconds the window lasted. */
  seconds: number;
  serverCpu: number;
  postgresCpu: number;
  /** This process: the load generator. */
  clientCpu: number;
  /** The share of the machine's CPU time that was busy, whoever used it. */
  machineBusy: number;
  /** Its start and end on the monotonic clock in µs, the clock of a `--cpu-prof` profile's timestamps. */
  monotonicMicros: [number, number];
}

/**
 * Measures `seconds` of a running load against the server process `serverPid`: calls
 * `measuring(true)` at the start and `measuring(false)` at the end, so the load counts only what
 * falls between.
 */
export async function measureWindow(
  serverPid: number,
  seconds: number,
  measuring: (on: boolean) => void,
): Promise<MeasuredWindow> {
  const server0 = processCpu(serverPid);
  const postgres0 = postgresCpu();
  const client0 = process.cpuUsage();
  const machine0 = machineCpu();
  const started = process.hrtime.bigint();
  measuring(true);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring(false);
  const ended = process.hrtime.bigint();
  const client = process.cpuUsage(client0);
  const machine1 = machineCpu();
  return {
    seconds: Number(ended - started) / 1e9,
    serverCpu: processCpu(serverPid) - server0,
    postgresCpu: postgresCpu() - postgres0,
    clientCpu: (client.user + client.system) / 1e6,
    machineBusy: (machine1.busy - machine0.busy) / (machine1.total - machine0.total),
    monotonicMicros: [Number(started / 1000n), Number(ended / 1000n)],
  };
}
