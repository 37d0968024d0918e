/**
 * The high-availability topology on this machine: `npm run ha:up | ha:status [-- --json] | ha:down
 * | ha:restore -- --to "<timestamp>"`. What runs, and the same on three machines: README.md.
 */
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { buildStale } from '../../scripts/build-if-stale';
import serverNodeArgs from '../../scripts/server-node-args';
import { alive, answers, asPostgres, pidOf, run, runsAsRoot, startSupervised, waitFor } from './processes';
import {
  APP_URL,
  backrestConfig,
  CONF,
  DATABASE,
  dataDir,
  ETCD,
  EXCHANGES,
  HA_DIR,
  HAPROXY,
  LOGS,
  PG_BIN,
  PG_HOME,
  PG_RUN,
  PIDS,
  POSTGRES,
  READ_URL,
  REDIS,
  REPO,
  RESTORE_FIRST_PORT,
  SENTINEL_NAME,
  SENTINELS,
  WRITE_URL,
  type PostgresNode,
} from './topology';

/** Fills each {{name}} of a config template. */
function render(template: string, values: Record<string, string | number>): string {
  return readFileSync(path.join(CONF, template), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${template}: no value for {{${name}}}`);
    return String(values[name]);
  });
}

function writeConfig(file: string, text: string, ownedByPostgres = false) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (ownedByPostgres) ownByPostgres(file);
}

/** The postgres user's uid and gid, asked once. */
let postgresIds: [number, number] | null = null;

function ownByPostgres(file: string) {
  if (!runsAsRoot) return;
  postgresIds ??= [Number(run(['id', '-u', 'postgres'])), Number(run(['id', '-g', 'postgres']))];
  chownSync(file, ...postgresIds);
}

const patroniUrl = (node: PostgresNode, check: string) => `http://127.0.0.1:${node.restPort}/${check}`;
const pgbackrest = (node: PostgresNode, ...args: string[]) =>
  run(asPostgres(['pgbackrest', `--config=${backrestConfig(node)}`, '--stanza=exchange', ...args]));

async function leader(): Promise<PostgresNode | null> {
  for (const node of POSTGRES) if (await answers(patroniUrl(node, 'primary'))) return node;
  return null;
}

async function up() {
  run(['bash', path.join(__dirname, 'install.sh')], { stdio: 'inherit' });
  if (await answers(`${APP_URL}/api/health`)) {
    console.log(`already up: ${APP_URL}`);
    return;
  }
  for (const dir of [HA_DIR, LOGS, PIDS]) mkdirSync(dir, { recursive: true });
  for (const dir of [PG_HOME, PG_RUN, path.join(PG_HOME, 'pgbackrest'), path.join(PG_HOME, 'backups')]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    ownByPostgres(dir);
  }

  // etcd: Patroni's consensus on who leads.
  startSupervised('etcd', [
    'etcd',
    '--name=etcd1',
    `--data-dir=${path.join(HA_DIR, 'etcd')}`,
    `--listen-client-urls=http://127.0.0.1:${ETCD.client}`,
    `--advertise-client-urls=http://127.0.0.1:${ETCD.client}`,
    `--listen-peer-urls=http://127.0.0.1:${ETCD.peer}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${ETCD.peer}`,
    `--initial-cluster=etcd1=http://127.0.0.1:${ETCD.peer}`,
  ]);
  await waitFor('etcd', () => answers(`http://127.0.0.1:${ETCD.client}/health`));

  // PostgreSQL under Patroni: the first node bootstraps and leads, the second clones it and follows synchronously.
  for (const node of POSTGRES) {
    const values = {
      ...node,
      dataDir: dataDir(node),
      binDir: PG_BIN,
      haDir: PG_HOME,
      etcdHosts: `127.0.0.1:${ETCD.client}`,
    };
    writeConfig(path.join(PG_HOME, `${node.name}.yml`), render('patroni.yml', values), true);
    writeConfig(backrestConfig(node), render('pgbackrest.conf', values), true);
  }
  const [first, second] = POSTGRES;
  // A Patroni that died returns after its leader key has expired (ttl) and the standby has taken
  // over, as a machine back from the dead would: it rejoins as a replica (pg_rewind).
  const patroniRestart = { restartDelaySeconds: 15 };
  startSupervised(first.name, asPostgres(['patroni', path.join(PG_HOME, `${first.name}.yml`)]), patroniRestart);
  await waitFor(`${first.name} to lead`, () => answers(patroniUrl(first, 'primary')), 120);
  startSupervised(second.name, asPostgres(['patroni', path.join(PG_HOME, `${second.name}.yml`)]), patroniRestart);
  await waitFor(`${second.name} to follow synchronously`, () => answers(patroniUrl(second, 'sync')), 120);

  writeConfig(
    path.join(HA_DIR, 'haproxy.cfg'),
    render('haproxy.cfg', {
      statsPort: HAPROXY.stats,
      writePort: HAPROXY.write,
      readPort: HAPROXY.read,
      httpPort: HAPROXY.http,
      errorFile: path.join(CONF, '503.http'),
      binanceErrorFile: path.join(CONF, '503-binance.http'),
      pgServers: POSTGRES.map((n) => `    server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`).join('\n'),
      exchangeServers: EXCHANGES.map((e) => `    server ${e.name} 127.0.0.1:${e.port} check`).join('\n'),
    }),
  );
  startSupervised('haproxy', ['haproxy', '-db', '-f', path.join(HA_DIR, 'haproxy.cfg')]);
  const postgres = WRITE_URL.replace(`/${DATABASE}`, '/postgres');
  await waitFor('the database through HAProxy', () => query(postgres, 'SELECT 1'));
  if (!(await query(postgres, `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`)))
    await query(postgres, `CREATE DATABASE ${DATABASE}`);

  // Continuous archiving from the leader, and a first full backup to restore from.
  pgbackrest(first, 'stanza-create');
  pgbackrest(first, '--type=full', 'backup');

  // Redis, a replica, and three Sentinels watching them.
  for (const [i, redis] of REDIS.entries()) {
    const dir = path.join(HA_DIR, redis.name);
    mkdirSync(dir, { recursive: true });
    const replicaof = i === 0 ? '' : `replicaof 127.0.0.1 ${REDIS[0].port}`;
    writeConfig(path.join(dir, 'redis.conf'), render('redis.conf', { port: redis.port, dir, replicaof }));
    // Back only after the Sentinels have failed over (2 s to agree it is down, then the election):
    // an old master returns as a replica of the new one.
    startSupervised(redis.name, ['redis-server', path.join(dir, 'redis.conf')], { restartDelaySeconds: 10 });
  }
  for (const [i, port] of SENTINELS.entries()) {
    const dir = path.join(HA_DIR, `sentinel${i + 1}`);
    mkdirSync(dir, { recursive: true });
    writeConfig(path.join(dir, 'sentinel.conf'), render('sentinel.conf', { port, dir, masterPort: REDIS[0].port }));
    startSupervised(`sentinel${i + 1}`, ['redis-sentinel', path.join(dir, 'sentinel.conf')]);
  }
  await waitFor('the Redis replica to sync', () => redisInfo(REDIS[1].port).master_link_status === 'up');
  await waitFor('the Sentinels', () => SENTINELS.every((port) => redisInfo(port).sentinel_masters === '1'));

  // The exchange: two processes sharing the books, one after the other (the first migrates the database).
  buildStale();
  const secrets = path.join(HA_DIR, 'exchange', 'secrets.json');
  mkdirSync(path.dirname(secrets), { recursive: true });
  if (!existsSync(secrets)) {
    const generated = { JWT_SECRET: randomBytes(32).toString('hex'), ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    writeFileSync(secrets, JSON.stringify(generated), { mode: 0o600 });
  }
  for (const exchange of EXCHANGES) {
    const { REDIS_URL: _sentinelsInstead, ...environment } = process.env;
    const env = {
      // What `npm start` runs with, unless the environment says otherwise.
      MARKET_FLOW: 'on',
      ...environment,
      ...(JSON.parse(readFileSync(secrets, 'utf8')) as Record<string, string>),
      PORT: String(exchange.port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(exchange.metricsPort),
      DATA_DIR: path.join(HA_DIR, 'exchange'),
      DATABASE_URL: WRITE_URL,
      DATABASE_READ_URL: READ_URL,
      REDIS_SENTINELS: SENTINELS.map((port) => `127.0.0.1:${port}`).join(','),
      REDIS_SENTINEL_NAME: SENTINEL_NAME,
      CLUSTER: 'on',
      // HAProxy adds the client's address to X-Forwarded-For.
      TRUST_PROXY: 'on',
    };
    startSupervised(exchange.name, [process.execPath, ...serverNodeArgs, path.join(REPO, 'dist/server/main.js')], {
      env,
    });
    await waitFor(exchange.name, () => answers(`http://127.0.0.1:${exchange.port}/api/health`), 180);
  }
  await waitFor('the exchange through HAProxy', () => answers(`${APP_URL}/api/health`));
  console.log(`up: ${APP_URL} (npm run ha:status for the rest)`);
}

/** Runs `sql`; answers whether it returned a row. */
async function query(url: string, sql: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return ((await client.query(sql)).rowCount ?? 0) > 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** INFO of a Redis or a Sentinel as fields; {} when it does not answer. */
function redisInfo(port: number): Record<string, string> {
  const result = spawnSync('redis-cli', ['-p', String(port), '--no-auth-warning', 'INFO'], {
    encoding: 'utf8',
    timeout: 2000,
  });
  if (result.status !== 0) return {};
  return Object.fromEntries(
    result.stdout
      .split(/\r?\n/)
      .filter((line) => line.includes(':') && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
}

interface Status {
  app: string;
  postgres: Array<{ name: string; role: string; port: number; pid: number }>;
  redis: Array<{ role: 'master' | 'replica'; port: number; pid: number }>;
  sentinels: Array<{ port: number; pid: number }>;
  exchanges: Array<{ port: number; pid: number }>;
}

/** The postmaster's pid of the data directory `dir`: the first line of postmaster.pid, if that process lives. */
function postmasterPid(dir: string): number | null {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return pid > 0 && alive(pid) ? pid : null;
}

async function status(): Promise<Status> {
  let members: Array<{ name: string; role: string; port: number }> = [];
  for (const node of POSTGRES) {
    const cluster = await fetch(patroniUrl(node, 'cluster'), { signal: AbortSignal.timeout(2000) })
      .then((r) => r.json() as Promise<{ members: typeof members }>)
      .catch(() => null);
    if (cluster) {
      members = cluster.members;
      break;
    }
  }
  return {
    app: APP_URL,
    // Like every list here, only what runs: a node whose postmaster is down is left out.
    postgres: POSTGRES.flatMap((node) => {
      const pid = postmasterPid(dataDir(node));
      const role = members.find((m) => m.name === node.name)?.role;
      return pid && role ? [{ name: node.name, role, port: node.pgPort, pid }] : [];
    }),
    redis: REDIS.flatMap((redis) => {
      const info = redisInfo(redis.port);
      if (!info.process_id) return [];
      return [{ role: info.role === 'master' ? 'master' : 'replica', port: redis.port, pid: Number(info.process_id) }];
    }),
    sentinels: SENTINELS.flatMap((port) => {
      const info = redisInfo(port);
      return info.process_id ? [{ port, pid: Number(info.process_id) }] : [];
    }),
    exchanges: EXCHANGES.flatMap((exchange) => {
      const pid = pidOf(exchange.name);
      return pid ? [{ port: exchange.port, pid }] : [];
    }),
  };
}

function printStatus(current: Status) {
  console.log(`app        ${current.app}`);
  for (const pg of current.postgres) console.log(`postgres   ${pg.name} ${pg.role} :${pg.port} pid ${pg.pid}`);
  for (const redis of current.redis) console.log(`redis      ${redis.role} :${redis.port} pid ${redis.pid}`);
  for (const sentinel of current.sentinels) console.log(`sentinel   :${sentinel.port} pid ${sentinel.pid}`);
  for (const exchange of current.exchanges) console.log(`exchange   :${exchange.port} pid ${exchange.pid}`);
}

/** Stops every supervisor (each stops its service), then whatever is left, then removes the data. */
async function down() {
  const supervised = [
    ...EXCHANGES.map((e) => e.name),
    'haproxy',
    ...SENTINELS.map((_, i) => `sentinel${i + 1}`),
    ...REDIS.map((r) => r.name),
    ...POSTGRES.map((n) => n.name),
    'etcd',
  ];
  for (const name of supervised) {
    const file = path.join(PIDS, `${name}.supervisor`);
    if (!existsSync(file)) continue;
    const supervisor = Number(readFileSync(file, 'utf8'));
    const service = pidOf(name);
    if (alive(supervisor)) process.kill(supervisor, 'SIGTERM');
    // Patroni stops its PostgreSQL before it exits; the rest stop at once.
    for (let waited = 0; service && alive(service) && waited < 30_000; waited += 200) await sleep(200);
    if (service && alive(service)) process.kill(service, 'SIGKILL');
  }
  for (const node of POSTGRES) {
    const pid = postmasterPid(dataDir(node));
    if (pid) process.kill(pid, 'SIGKILL');
  }
  for (const dir of restoredDirs()) {
    const pid = postmasterPid(dir);
    if (pid) process.kill(pid, 'SIGKILL');
  }
  rmSync(HA_DIR, { recursive: true, force: true });
  console.log('down');
}

function restoredDirs(): string[] {
  if (!existsSync(PG_HOME)) return [];
  return readdirSync(PG_HOME)
    .filter((name) => name.startsWith('restore-'))
    .map((name) => path.join(PG_HOME, name));
}

/**
 * Point-in-time recovery into a fresh instance beside the cluster: the base backup before
 * `target`, then the archived WAL up to it; promoted, on a port of its own. Prints its address.
 */
async function restore(target: string) {
  const when = new Date(target);
  if (Number.isNaN(when.getTime())) throw new Error(`--to: not a timestamp: ${target}`);
  const current = await leader();
  // Every commit up to now reaches the archive: pgBackRest's check switches the WAL segment and waits for it.
  if (current) pgbackrest(current, 'check');
  const taken = restoredDirs().length;
  const port = RESTORE_FIRST_PORT + taken;
  const dir = path.join(PG_HOME, `restore-${taken + 1}`);
  const node = current ?? POSTGRES[0];
  pgbackrest(
    node,
    `--pg1-path=${dir}`,
    '--type=time',
    `--target=${when.toISOString().replace('T', ' ').replace('Z', '+00')}`,
    '--target-action=promote',
    '--archive-mode=off',
    'restore',
  );
  const log = path.join(dir, 'restore.log');
  // The backup carries the leader's settings (Patroni writes them into postgresql.conf): the restored
  // instance listens on its own port, archives nothing, and waits for no standby.
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${PG_RUN}'`,
    "-c synchronous_standby_names=''",
    "-c primary_conninfo=''",
    `-c hba_file='${path.join(dir, 'pg_hba.conf')}'`,
    `-c ident_file='${path.join(dir, 'pg_ident.conf')}'`,
    "-c cluster_name='restored'",
  ].join(' ');
  run(asPostgres([path.join(PG_BIN, 'pg_ctl'), '-D', dir, '-l', log, '-o', options, '-w', '-t', '120', 'start']));
  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
  await waitFor(
    'the restored instance to finish recovery',
    async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return !(await client.query('SELECT pg_is_in_recovery() AS r')).rows[0].r;
      } finally {
        await client.end();
      }
    },
    300,
  );
  console.log(
    JSON.stringify({ postgres: url, port, pid: postmasterPid(dir), data_dir: dir, restored_to: when.toISOString() }),
  );
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'up') await up();
  else if (command === 'status') {
    const current = await status();
    if (args.includes('--json')) console.log(JSON.stringify(current));
    else printStatus(current);
  } else if (command === 'down') await down();
  else if (command === 'restore') {
    const at = args.indexOf('--to');
    const target = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--to='))?.slice('--to='.length);
    if (!target) throw new Error('usage: npm run ha:restore -- --to "<timestamp>"');
    await restore(target);
  } else throw new Error('usage: ha.ts up | status [--json] | down | restore --to "<timestamp>"');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
