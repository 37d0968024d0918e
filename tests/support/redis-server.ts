import { spawn, type ChildProcess } from 'node:child_process';
import { createClient } from 'redis';
import { reservePort } from './exchange-process';

/** A redis-server of the test's own, on a free port, that the test may kill and start again. */
export interface RedisServer {
  url: string;
  /** SIGKILL: the connection drops as in a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  start(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (client.isOpen) await client.close();
  }
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await reservePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let tries = 0; !(await answers(url)); tries++) {
      if (tries > 100) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await start();
  return {
    url,
    start,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
