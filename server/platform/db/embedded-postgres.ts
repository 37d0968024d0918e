import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * PostgreSQL without installing PostgreSQL: PGlite keeps its files in DATA_DIR/pglite and speaks the
 * wire protocol on a loopback port, so the ordinary pg driver (and TypeORM) connect to it unchanged.
 * PGlite is one session: the socket server takes one connection, so the pool must have size 1.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  let db: PGlite;
  if (dataDir) {
    const folder = path.resolve(dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    db = await PGlite.create({ dataDir: folder });
  } else {
    db = await PGlite.create();
  }
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres:postgres@${address}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
