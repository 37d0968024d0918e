import path from 'node:path';
import type { Config } from '../config/config';

/**
 * The namespace of every Redis channel and key of this deployment: REDIS_PREFIX, or else one
 * derived from its database (PostgreSQL's host and database name, or the embedded database's
 * folder), so two deployments that share a Redis never hear each other's events nor share counters.
 */
export function redisPrefix(config: Pick<Config, 'REDIS_PREFIX' | 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (config.REDIS_PREFIX) return config.REDIS_PREFIX;
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    // Without a database name PostgreSQL connects to the one named after the user.
    const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || 'postgres';
    return `exchange:${url.hostname}:${url.port || '5432'}/${database}`;
  }
  return `exchange:embedded:${path.resolve(config.DATA_DIR)}`;
}
