import { readFileSync } from 'node:fs';
import type { Logger } from '../../platform/logger/logger';

/**
 * The share of a process's descriptors its open connections may not take: REST requests, the
 * database's and Redis's connections and files still get one when they are all taken.
 */
const RESERVED_SHARE = 0.25;
/** The cap where the descriptor limit cannot be read (not Linux). */
const UNKNOWN_LIMIT_CAP = 10_000;

export interface DescriptorLimit {
  soft: number;
  hard: number;
}

/**
 * The process's limit on open descriptors as Linux reports it, or null elsewhere. Nothing raises it
 * here: Node itself raises the soft limit to the hard one as it starts (PlatformInit in node.cc),
 * and only the system raises the hard one (`ulimit -Hn`, systemd's `LimitNOFILE`, `docker run
 * --ulimit nofile=...`).
 */
export function descriptorLimit(limitsFile = '/proc/self/limits'): DescriptorLimit | null {
  let limits: string;
  try {
    limits = readFileSync(limitsFile, 'utf8');
  } catch {
    return null;
  }
  const found = /^Max open files\s+(\d+)\s+(\d+)/m.exec(limits);
  return found ? { soft: Number(found[1]), hard: Number(found[2]) } : null;
}

/**
 * How many connections the process keeps open at most (ConnectionLimits): `configured`
 * (PROCESS_CONNECTION_LIMIT), but never more than three quarters of its descriptor limit, which is
 * the cap when nothing is configured. Logged, with the limit, as the process starts.
 */
export function processConnectionCap(
  configured: number | undefined,
  logger: Logger,
  limit: DescriptorLimit | null = descriptorLimit(),
): number {
  if (!limit) {
    const cap = configured ?? UNKNOWN_LIMIT_CAP;
    logger.warn({ connectionCap: cap }, 'descriptor limit unknown: open connections capped without it');
    return cap;
  }
  const bound = Math.floor(limit.soft * (1 - RESERVED_SHARE));
  const cap = Math.min(configured ?? bound, bound);
  const facts = { descriptors: limit.soft, hardDescriptors: limit.hard, connectionCap: cap };
  if (cap < (configured ?? 0)) logger.warn(facts, 'PROCESS_CONNECTION_LIMIT lowered below the descriptor limit');
  else logger.info(facts, 'open connections capped below the descriptor limit');
  return cap;
}
