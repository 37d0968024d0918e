import path from 'node:path';

/**
 * The high-availability topology on one machine: every port and path, in one place. Three machines
 * run the same configs with their own addresses (README.md).
 */
export const HA_DIR = path.resolve(process.env.HA_DIR ?? '/tmp/exchange-ha');
export const REPO = path.resolve(__dirname, '../..');
export const CONF = path.join(__dirname, 'conf');

/** Owned by the postgres user: the nodes' data, sockets, pgBackRest's repository and its locks. */
export const PG_HOME = path.join(HA_DIR, 'postgres');
export const PG_RUN = path.join(PG_HOME, 'run');
export const LOGS = path.join(HA_DIR, 'logs');
export const PIDS = path.join(HA_DIR, 'pids');
export const PG_BIN = process.env.HA_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const ETCD = { client: 12379, peer: 12380 };
export const POSTGRES = [
  { name: 'pg1', pgPort: 15432, restPort: 18008 },
  { name: 'pg2', pgPort: 15433, restPort: 18009 },
] as const;
export type PostgresNode = (typeof POSTGRES)[number];
export const dataDir = (node: PostgresNode) => path.join(PG_HOME, node.name);
export const backrestConfig = (node: PostgresNode) => path.join(PG_HOME, 'pgbackrest', `${node.name}.conf`);

export const HAPROXY = { write: 15000, read: 15001, http: 18080, stats: 18404 };
export const REDIS = [
  { name: 'redis1', port: 16379 },
  { name: 'redis2', port: 16380 },
] as const;
export const SENTINELS = [26479, 26480, 26481];
export const SENTINEL_NAME = 'exchange';
export const EXCHANGES = [
  { name: 'exchange1', port: 13001, metricsPort: 13101 },
  { name: 'exchange2', port: 13002, metricsPort: 13102 },
] as const;

/** Restored instances take the ports from here up, one each. */
export const RESTORE_FIRST_PORT = 15440;

export const DATABASE = 'exchange';
export const APP_URL = `http://127.0.0.1:${HAPROXY.http}`;
export const WRITE_URL = `postgres://postgres@127.0.0.1:${HAPROXY.write}/${DATABASE}`;
export const READ_URL = `postgres://postgres@127.0.0.1:${HAPROXY.read}/${DATABASE}`;
