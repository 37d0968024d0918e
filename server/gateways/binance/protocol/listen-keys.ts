import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { randomCredential } from '../../../identity/api-keys/api-key-credentials';
import type { EventBus } from '../../../platform/bus/event-bus';

/** A listenKey lives this long after it was opened or last kept alive, as Binance's do. */
export const LISTEN_KEY_VALIDITY_MS = 60 * 60_000;
/** Binance's listenKeys are 60 letters and digits. */
export const LISTEN_KEY_LENGTH = 60;
export const LISTEN_KEY_FORMAT = /^[A-Za-z0-9]{60}$/;

/** A listenKey as the database has it: whose stream it names, the API key it was opened with, whether it has not expired. */
export interface ListenKeyState {
  listenKey: string;
  userId: string;
  apiKey: string;
  live: boolean;
}

/** The bus topic on which a closed listenKey's streams end in every process: `{listen_key}`. */
export const LISTEN_KEY_CLOSED_TOPIC = 'user.streams.closed';
export const listenKeyClosed = z.object({ listen_key: z.string() });

const validity = `make_interval(secs => ${LISTEN_KEY_VALIDITY_MS / 1000})`;

/**
 * The listenKeys of Binance's user data streams (listen_keys table), shared by every process: one
 * per API key at a time. One that expired names nothing; so does one whose API key may no longer
 * be used (revoked, its owner suspended), which its readers ask the keys' lookup.
 */
export class ListenKeys {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** The API key's listenKey: the one it has if that still lives (kept alive for 60 minutes more), else a new one. */
  async open(userId: string, keyId: string): Promise<string> {
    const [row]: Array<{ listen_key: string }> = await this.dataSource.query(
      `INSERT INTO listen_keys (api_key_id, user_id, listen_key, expires_at) VALUES ($1, $2, $3, now() + ${validity})
       ON CONFLICT (api_key_id) DO UPDATE
         SET listen_key = CASE WHEN listen_keys.expires_at > now() THEN listen_keys.listen_key ELSE EXCLUDED.listen_key END,
             expires_at = EXCLUDED.expires_at
       RETURNING listen_key`,
      [keyId, userId, randomCredential(LISTEN_KEY_LENGTH)],
    );
    return row!.listen_key;
  }

  /** Keeps the user's live listenKey alive for 60 minutes more; false if they have no such live key. */
  async keepAlive(userId: string, listenKey: string): Promise<boolean> {
    // In a WITH, so that the rows come back as a SELECT's (TypeORM answers an UPDATE's with its count).
    const rows: unknown[] = await this.dataSource.query(
      `WITH kept AS (UPDATE listen_keys SET expires_at = now() + ${validity}
                      WHERE listen_key = $1 AND user_id = $2 AND expires_at > now() RETURNING 1)
       SELECT * FROM kept`,
      [listenKey, userId],
    );
    return rows.length > 0;
  }

  /** Ends the user's listenKey and its streams in every process; false if they have no such live key. */
  async close(userId: string, listenKey: string): Promise<boolean> {
    const rows: Array<{ live: boolean }> = await this.dataSource.query(
      `WITH closed AS (DELETE FROM listen_keys WHERE listen_key = $1 AND user_id = $2 RETURNING expires_at > now() AS live)
       SELECT * FROM closed`,
      [listenKey, userId],
    );
    if (rows.length > 0) this.bus.publish(LISTEN_KEY_CLOSED_TOPIC, { listen_key: listenKey });
    return rows[0]?.live ?? false;
  }

  /** The listenKeys among `listenKeys` that exist (a closed one does not), with their state. */
  async find(listenKeys: string[]): Promise<ListenKeyState[]> {
    if (listenKeys.length === 0) return [];
    const rows: Array<{ listen_key: string; user_id: string; api_key: string; live: boolean }> =
      await this.dataSource.query(
        `SELECT l.listen_key, l.user_id, k.api_key, l.expires_at > now() AS live
           FROM listen_keys l JOIN api_keys k ON k.id = l.api_key_id
          WHERE l.listen_key = ANY($1::varchar[])`,
        [listenKeys],
      );
    return rows.map((row) => ({ listenKey: row.listen_key, userId: row.user_id, apiKey: row.api_key, live: row.live }));
  }
}
