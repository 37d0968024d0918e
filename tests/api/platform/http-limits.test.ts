import { eventually } from '../../support/eventually';
import { useBackOfficeExchange } from '../../support/back-office';
import { registerTrader } from '../../support/http-client';
import { RawConnection, type RawAnswer } from '../../support/raw-http';

/** What the security probe sent: a 14 MB request, as large as a 10 MB document in base64. */
const FOURTEEN_MB = 14 * 1024 * 1024;
const JSON_HEAD = { 'Content-Type': 'application/json', 'Content-Length': FOURTEEN_MB };

jest.setTimeout(60_000);

const suite = useBackOfficeExchange();

/** Sends only the head of a request that declares `headers`: what comes back, and whether the server then closes. */
async function headOnly(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  waitMs?: number,
): Promise<RawAnswer & { closed: boolean }> {
  const connection = await RawConnection.open(suite.server.url);
  connection.writeHead(method, path, headers);
  const answer = await connection.answer(waitMs);
  const closed = answer.status !== null && (await connection.untilClosed());
  connection.close();
  return { ...answer, closed };
}

const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]).toString('base64');

describe('request bodies', () => {
  it('an anonymous 14 MB body to a public route is refused with 413 before any of it is sent, and the connection closed', async () => {
    const answer = await headOnly('POST', '/api/auth/login', JSON_HEAD);
    expect(answer).toMatchObject({ status: 413, closed: true });
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Request body too large' });
  });

  it('an anonymous 14 MB upload to the KYC route is refused with 401 before any of it is sent', async () => {
    const answer = await headOnly('POST', '/api/kyc/submit', JSON_HEAD);
    expect(answer).toMatchObject({ status: 401, closed: true });
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Not authenticated' });
  });

  it('every route but the KYC upload refuses a body over 64 KB with 413, signed in or not', async () => {
    const { client } = await registerTrader(suite.api);
    const padding = 'x'.repeat(64 * 1024);
    expect(await client.post('/deposit/request', { amount: 10, padding })).toEqual({
      status: 413,
      body: { detail: 'Request body too large' },
    });
    expect(await suite.api.post('/auth/login', { email: 'a@b.c', password: padding })).toEqual({
      status: 413,
      body: { detail: 'Request body too large' },
    });
    // Just under the limit is read and judged as before.
    expect((await client.post('/deposit/request', { amount: 10, padding: padding.slice(0, 60_000) })).status).toBe(200);
  });

  it("a signed-in trader's 10 MB document (14 MB of JSON) is read and accepted as before", async () => {
    const { client } = await registerTrader(suite.api);
    const response = await client.post('/kyc/submit', { document_type: 'passport', document_data: jpeg(10_485_760) });
    expect(response.status).toBe(200);
    expect((await client.get('/kyc/status')).body.status).toBe('submitted');
  });

  it('one address may send two large uploads at once: a third is refused with 429 before its body is read', async () => {
    const { client } = await registerTrader(suite.api);
    const head = { ...JSON_HEAD, Authorization: `Bearer ${client.token}` };
    // Each upload is authorized (a read of the user) before it takes a place, so under load a later
    // upload may overtake an earlier one: open uploads one at a time until one is refused, whichever it is.
    const uploads: RawConnection[] = [];
    const answers: RawAnswer[] = [];
    while (!answers.some((answer) => answer.status === 429) && uploads.length < 8) {
      const connection = await RawConnection.open(suite.server.url);
      connection.writeHead('POST', '/api/kyc/submit', head);
      await connection.write('{"document_type": "passport", "document_data": "');
      uploads.push(connection);
      answers.splice(0, answers.length, ...(await Promise.all(uploads.map((upload) => upload.answer(1_500)))));
    }
    const refused = uploads.filter((_, i) => answers[i]!.status === 429);
    const held = uploads.filter((_, i) => answers[i]!.status === null && !uploads[i]!.isClosed);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(held).toHaveLength(2);
    expect(await refused[0]!.untilClosed()).toBe(true);
    expect(JSON.parse(answers[uploads.indexOf(refused[0]!)]!.body)).toEqual({
      detail: 'Too many uploads at once, please wait for one to finish',
    });

    // Abandoned uploads give their places back.
    for (const connection of uploads) connection.close();
    const accepted = await eventually(async () => {
      const response = await client.post('/kyc/submit', { document_type: 'passport', document_data: jpeg(100_000) });
      return response.status === 429 ? undefined : response;
    });
    expect(accepted.status).toBe(200);
  });
});

describe('request heads', () => {
  it('a header section over the limit is refused with 431 (or the connection closed), as JSON', async () => {
    const connection = await RawConnection.open(suite.server.url);
    connection.writeHead('GET', '/api/health', { 'X-Padding': 'x'.repeat(100 * 1024) });
    const answer = await connection.answer();
    expect(await connection.untilClosed()).toBe(true);
    if (answer.status !== null) {
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Request header fields too large' });
    }
  });
});
