import { ClientClosedError, ClientOfflineError, SocketClosedUnexpectedlyError } from 'redis';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { outageOf, Outages } from '../../server/platform/health/outages';
import { HttpError } from '../../server/platform/http/errors';
import { createLogger } from '../../server/platform/logger/logger';

/** An error as the pg driver makes them: PostgreSQL's SQLSTATE in `code`, or a socket's errno name. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('which failures are an outage', () => {
  it.each([
    ['a restart ending the session', pgError('terminating connection due to administrator command', '57P01')],
    ['a crash', pgError('terminating connection because of crash of another server process', '57P02')],
    ['a server shutting down or starting up', pgError('the database system is starting up', '57P03')],
    ['a connection exception', pgError('connection failure', '08006')],
    [
      'a write reaching a server not yet promoted (a failover under way)',
      pgError('cannot execute INSERT in a read-only transaction', '25006'),
    ],
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', pgError('read ECONNRESET', 'ECONNRESET')],
    ['a connection gone mid-query', pgError('Connection terminated unexpectedly')],
    ['no connection in time', pgError('timeout exceeded when trying to connect')],
    ['TypeORM wrapping one', new QueryFailedError('SELECT 1', [], pgError('Connection terminated unexpectedly'))],
    ["a transaction's runner released as its connection broke", new QueryRunnerAlreadyReleasedError()],
    ['one given as a cause', new Error('round failed', { cause: pgError('read ECONNRESET', 'ECONNRESET') })],
  ])('the database: %s', (_, error) => {
    expect(outageOf(error)).toBe('database');
  });

  it.each([
    ['a client offline', new ClientOfflineError()],
    ['a client closed', new ClientClosedError()],
    ['a socket closed', new SocketClosedUnexpectedlyError()],
  ])('Redis: %s', (_, error) => {
    expect(outageOf(error)).toBe('redis');
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', new QueryFailedError('SELEC 1', [], pgError('syntax error at or near "SELEC"', '42601'))],
    ['a refusal of the API', new HttpError(400, 'Insufficient balance')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string thrown', 'failed'],
    ['undefined thrown', undefined],
  ])('%s is no outage', (_, error) => {
    expect(outageOf(error)).toBeNull();
  });
});

describe('an outage in the log', () => {
  function watched(probe: () => Promise<unknown>) {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line).msg) });
    return { outages: new Outages({ database: probe }, logger), lines };
  }

  it('is one line when the database stops answering and one when it is back, however many requests fail', async () => {
    let down = 3;
    let back!: () => void;
    const recovered = new Promise<void>((resolve) => (back = resolve));
    const { outages, lines } = watched(async () => {
      if (down-- > 0) throw pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
      back();
    });
    for (let request = 0; request < 100; request++) outages.noticed('database');
    await recovered;
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual(['database unreachable: requests that need it answer 503', 'database reachable again']);
    outages.close();
  });

  it('is no line for a connection lost while the database answers', async () => {
    let asked!: () => void;
    const checked = new Promise<void>((resolve) => (asked = resolve));
    const { outages, lines } = watched(async () => asked());
    outages.noticed('database');
    await checked;
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
    outages.close();
  });
});
