import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { money } from '../../../server/kernel/money';
import { payCommissions } from '../../../server/trading/referrals/referral-commissions';
import { signInAdmin } from '../../support/back-office';
import { eventually } from '../../support/eventually';
import { ApiClient, loginAs, registerTrader, uniqueEmail } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { startTestExchange, type TestExchange, severalProcesses } from '../../support/test-exchange';
import { approveKyc, credit, fundedTrader } from '../../support/trader-fixtures';
import { balanceOf, emptyBook, ledgerReport, placed } from '../../support/trading-fixtures';

let server: TestExchange;
let dataSource: DataSource;
beforeAll(async () => {
  server = await startTestExchange();
  dataSource = server.exchange.context.dataSource;
});
afterAll(() => server.close());

const SYMBOL = 'BTCUSDT';
/** A trader registered with `code`, KYC-approved and holding the balances. */
async function referredTrader(target: TestExchange, code: string, balances: Record<string, string>) {
  const api = new ApiClient(target.url);
  const email = uniqueEmail();
  const answer = await api.post('/auth/register', {
    email,
    password: 'trader-password-1',
    full_name: 'Referred Trader',
    referral_code: code,
  });
  expect(answer.status).toBe(200);
  const { dataSource: db } = target.exchange.context;
  await approveKyc(db, answer.body.user.id);
  for (const [asset, amount] of Object.entries(balances)) await credit(db, answer.body.user.id, asset, amount);
  return { client: api.withToken(answer.body.token), user: answer.body.user, email };
}

const summaryOf = async (client: ApiClient) => {
  const answer = await client.get('/referral');
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The referrer's earnings once the sweeps have paid `expected`. */
const earnedReaches = (client: ApiClient, expected: string) =>
  eventually(
    async () => {
      const { earned } = await summaryOf(client);
      return money(earned).eq(expected) ? earned : undefined;
    },
    10_000,
    `referral earnings of ${expected}`,
  );

/** A sell resting at `price`, then a buy taking it: the trade's maker is the seller, its taker the buyer. */
async function cross(seller: ApiClient, buyer: ApiClient, amount: string, price: string) {
  await placed(seller, { symbol: SYMBOL, side: 'sell', type: 'limit', amount, price });
  return placed(buyer, { symbol: SYMBOL, side: 'buy', type: 'limit', amount, price });
}

/** What the referrer's share of a fee comes to: the fee x 0.2, cut to 18 decimals. */
const shareOf = (fee: string) => money(fee).mul('0.2').toDecimalPlaces(18, 1).toFixed();

const feesOf = async (tradeIds: string[]) =>
  (await dataSource.query('SELECT maker_fee::text, taker_fee::text FROM trades WHERE id = ANY($1)', [
    tradeIds,
  ])) as Array<{ maker_fee: string; taker_fee: string }>;

describe('referral codes', () => {
  it('gives every trader a code and a link, and counts the traders registered with it', async () => {
    const referrer = await registerTrader(new ApiClient(server.url), 'Referrer');
    const summary = await summaryOf(referrer.client);
    expect(summary).toEqual({
      code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      link: `${server.url}/register?ref=${summary.code}`,
      referred_count: 0,
      earned: '0',
      commission_rate: '0.2',
    });
    // Typed as a friend would: lower case, spaces around.
    const friend = await referredTrader(server, ` ${summary.code.toLowerCase()} `, {});
    const [row] = await dataSource.query('SELECT referred_by FROM users WHERE id = $1', [friend.user.id]);
    expect(row.referred_by).toBe(referrer.user.id);
    expect((await summaryOf(referrer.client)).referred_count).toBe(1);
    // An empty code is none.
    const unreferred = await new ApiClient(server.url).post('/auth/register', {
      email: uniqueEmail(),
      password: 'trader-password-1',
      full_name: 'Nobody Referred',
      referral_code: '',
    });
    expect(unreferred.status).toBe(200);
    expect((await summaryOf(referrer.client)).referred_count).toBe(1);
  });

  it("refuses an unknown code, an administrator's and an overlong one, creating no account", async () => {
    const [admin] = await dataSource.query('SELECT referral_code FROM users WHERE email = $1', [server.admin.email]);
    for (const code of ['NOSUCH99', admin.referral_code, 'X'.repeat(40)]) {
      const email = uniqueEmail();
      const answer = await new ApiClient(server.url).post('/auth/register', {
        email,
        password: 'trader-password-1',
        full_name: 'Wrong Code',
        referral_code: code,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ detail: 'Unknown referral code' });
      expect(await dataSource.query('SELECT 1 FROM users WHERE email = $1', [email])).toEqual([]);
    }
  });

  it('never changes a referrer after registration, and no account refers itself', async () => {
    const referrer = await registerTrader(new ApiClient(server.url), 'Referrer');
    const other = await registerTrader(new ApiClient(server.url), 'Other Referrer');
    const friend = await referredTrader(server, (await summaryOf(referrer.client)).code, {});
    const unreferred = await registerTrader(new ApiClient(server.url), 'Unreferred');
    await expect(
      dataSource.query('UPDATE users SET referred_by = $2 WHERE id = $1', [friend.user.id, other.user.id]),
    ).rejects.toThrow(/never changes/);
    await expect(
      dataSource.query('UPDATE users SET referred_by = NULL WHERE id = $1', [friend.user.id]),
    ).rejects.toThrow(/never changes/);
    await expect(
      dataSource.query('UPDATE users SET referred_by = $2 WHERE id = $1', [unreferred.user.id, other.user.id]),
    ).rejects.toThrow(/never changes/);
    await expect(
      dataSource.query(
        'INSERT INTO users (id, email, full_name, password_hash, referred_by) VALUES ($1, $2, $3, $4, $1)',
        ['00000000-0000-4000-8000-000000000001', uniqueEmail(), 'Self', 'x'],
      ),
    ).rejects.toThrow(/users_not_self_referred/);
    // Registering again with the same e-mail and another code changes nothing either.
    const again = await new ApiClient(server.url).post('/auth/register', {
      email: friend.email,
      password: 'trader-password-1',
      full_name: 'Again',
      referral_code: (await summaryOf(other.client)).code,
    });
    expect(again.status).toBe(409);
    const [row] = await dataSource.query('SELECT referred_by FROM users WHERE id = $1', [friend.user.id]);
    expect(row.referred_by).toBe(referrer.user.id);
  });

  it('answers only traders', async () => {
    expect((await new ApiClient(server.url).get('/referral')).status).toBe(401);
    const admin = await signInAdmin(server);
    expect((await admin.get('/referral')).status).toBe(403);
  });
});

describe('commissions', () => {
  it('pay the referrer 20% of each fee its referred traders pay, as maker and as taker, once, through the ledger', async () => {
    await emptyBook(server, SYMBOL);
    const referrer = await fundedTrader(server, {}, 'Earning Referrer');
    const code = (await summaryOf(referrer.client)).code;
    const friend = await referredTrader(server, code, { USD: '50000', BTC: '1' });
    const stranger = await fundedTrader(server, { USD: '50000', BTC: '1' }, 'Stranger');

    const asTaker = await cross(stranger.client, friend.client, '0.1', '100000'); // the friend buys: taker
    const asMaker = await cross(friend.client, stranger.client, '0.05', '100000'); // the friend sells first: maker
    const [taken] = await feesOf(asTaker.fills.map((fill: any) => fill.id));
    const [made] = await feesOf(asMaker.fills.map((fill: any) => fill.id));
    const expected = money(shareOf(taken!.taker_fee)).plus(shareOf(made!.maker_fee)).toFixed();
    expect(money(expected).gt(0)).toBe(true);

    await earnedReaches(referrer.client, expected);
    expect((await balanceOf(server, referrer.user.id, 'USD')).available).toBe(expected);

    // More sweeps pay nothing more, nor does a cursor set back: the (trade, side) key lets each in once.
    await payCommissions(dataSource, '0.2');
    await dataSource.query('UPDATE referral_cursors SET last_seq = 0 WHERE symbol = $1', [SYMBOL]);
    while ((await payCommissions(dataSource, '0.2')).more);
    expect((await summaryOf(referrer.client)).earned).toBe(expected);
    expect((await balanceOf(server, referrer.user.id, 'USD')).available).toBe(expected);

    const history = await referrer.client.get('/referral/commissions');
    expect(history.status).toBe(200);
    const total = await fetch(`${server.url}/api/referral/commissions?limit=1`, {
      headers: { authorization: `Bearer ${referrer.client.token}` },
    });
    expect(total.headers.get('x-total-count')).toBe('2');
    expect(await total.json()).toHaveLength(1);
    const masked = `${friend.email.slice(0, 2)}***${friend.email.slice(friend.email.indexOf('@'))}`;
    expect(history.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          side: 'taker',
          referee: masked,
          symbol: SYMBOL,
          fee: money(taken!.taker_fee).toFixed(),
          commission: shareOf(taken!.taker_fee),
          rate: '0.2',
        }),
        expect.objectContaining({
          side: 'maker',
          referee: masked,
          symbol: SYMBOL,
          fee: money(made!.maker_fee).toFixed(),
          commission: shareOf(made!.maker_fee),
          rate: '0.2',
        }),
      ]),
    );
    // The stranger's own fees earn nobody anything, and one referrer never sees another's history.
    expect((await stranger.client.get('/referral/commissions')).body).toEqual([]);

    const ledger = await ledgerReport(server);
    expect(ledger.paid).toEqual([]);
    expect(ledger.ok).toBe(true);
  });

  (severalProcesses ? it : it.skip)('are paid once by two processes sweeping at once', async () => {
    await emptyBook(server, SYMBOL);
    const second = await startTestExchange();
    try {
      const referrer = await fundedTrader(server, {}, 'Busy Referrer');
      const code = (await summaryOf(referrer.client)).code;
      // Orders go to this process, which owns the books; the second only sweeps beside it.
      const friends = [
        await referredTrader(server, code, { USD: '50000', BTC: '1' }),
        await referredTrader(server, code, { USD: '50000', BTC: '1' }),
      ];
      let expected = money(0);
      for (let i = 0; i < 6; i++) {
        const [seller, buyer] = i % 2 === 0 ? friends : [friends[1]!, friends[0]!];
        const order = await cross(seller.client, buyer.client, '0.01', String(100000 + i));
        const [fees] = await feesOf(order.fills.map((fill: any) => fill.id));
        expected = expected.plus(shareOf(fees!.maker_fee)).plus(shareOf(fees!.taker_fee));
      }
      // Both processes' runners, and sweeps of this test's own from both, race over the same trades.
      const secondDb = second.exchange.context.dataSource;
      await Promise.all([
        payCommissions(dataSource, '0.2'),
        payCommissions(secondDb, '0.2'),
        payCommissions(dataSource, '0.2'),
        payCommissions(secondDb, '0.2'),
      ]);
      await earnedReaches(referrer.client, expected.toFixed());
      const [counted] = await dataSource.query(
        'SELECT count(*)::int AS n, count(DISTINCT (trade_id, side))::int AS distinct FROM referral_commissions WHERE referrer_id = $1',
        [referrer.user.id],
      );
      expect(counted).toEqual({ n: 12, distinct: 12 });
      expect((await balanceOf(server, referrer.user.id, 'USD')).available).toBe(expected.toFixed());
      expect((await ledgerReport(server)).ok).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('of any mix of fills are each referred side once, and the ledger stays whole (property)', async () => {
    await emptyBook(server, SYMBOL);
    const referrer = await fundedTrader(server, {}, 'Property Referrer');
    const code = (await summaryOf(referrer.client)).code;
    const friend = await referredTrader(server, code, { USD: '1000000', BTC: '10' });
    const stranger = await fundedTrader(server, { USD: '1000000', BTC: '10' }, 'Property Stranger');
    let expected = money(0);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            friendSells: fc.boolean(),
            friendRests: fc.boolean(),
            lots: fc.integer({ min: 10, max: 500 }),
            price: fc.integer({ min: 90000, max: 110000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (fills) => {
          for (const { friendSells, friendRests, lots, price } of fills) {
            const amount = money(lots).div(100000).toFixed();
            const [resting, taking] = friendRests ? [friend, stranger] : [stranger, friend];
            const restingSide = friendSells === friendRests ? 'sell' : 'buy';
            await placed(resting.client, {
              symbol: SYMBOL,
              side: restingSide,
              type: 'limit',
              amount,
              price: String(price),
            });
            const order = await placed(taking.client, {
              symbol: SYMBOL,
              side: restingSide === 'sell' ? 'buy' : 'sell',
              type: 'limit',
              amount,
              price: String(price),
            });
            const [fees] = await feesOf(order.fills.map((fill: any) => fill.id));
            expected = expected.plus(shareOf(friendRests ? fees!.maker_fee : fees!.taker_fee));
          }
          while ((await payCommissions(dataSource, '0.2')).more);
          expect((await summaryOf(referrer.client)).earned).toBe(expected.toFixed());
          const ledger = await ledgerReport(server);
          expect(ledger.paid).toEqual([]);
          expect(ledger.mismatches).toEqual([]);
        },
      ),
      { numRuns: 8 },
    );
  });
  it("push the referrer's new balance and a referral change to its sockets, a friend's registration the change too", async () => {
    await emptyBook(server, SYMBOL);
    const referrer = await fundedTrader(server, {}, 'Listening Referrer');
    const socket = await RecordingSocket.connect(server.url, referrer.client.token!);
    const bystander = await RecordingSocket.connect(server.url, (await fundedTrader(server, {})).client.token!);
    try {
      const friend = await referredTrader(server, (await summaryOf(referrer.client)).code, { USD: '50000' });
      await socket.next('referral');
      const seller = await fundedTrader(server, { BTC: '1' }, 'Seller');
      const order = await cross(seller.client, friend.client, '0.01', '100000');
      const [fees] = await feesOf(order.fills.map((fill: any) => fill.id));
      const share = Number(shareOf(fees!.taker_fee));
      expect(await socket.next('balance', (data) => data.balance === share)).toEqual({ balance: share });
      const changes = async () => socket.events.filter((e) => e.event === 'referral').length;
      await eventually(
        async () => ((await changes()) >= 2 ? true : undefined),
        5000,
        "the commission's referral change",
      );
      expect(bystander.events.filter((e) => e.event === 'referral' || e.event === 'balance')).toEqual([]);
    } finally {
      socket.close();
      bystander.close();
    }
  });

  it('are paid once across a restart, for trades made before it', async () => {
    await emptyBook(server, SYMBOL);
    const referrer = await fundedTrader(server, {}, 'Patient Referrer');
    const code = (await summaryOf(referrer.client)).code;
    const friend = await referredTrader(server, code, { USD: '50000' });
    const seller = await fundedTrader(server, { BTC: '1' }, 'Seller');
    const order = await cross(seller.client, friend.client, '0.02', '99000');
    const [fees] = await feesOf(order.fills.map((fill: any) => fill.id));
    // Closed at once: whether its runner paid or not, the next start finishes the job exactly.
    await server.close();
    server = await startTestExchange();
    dataSource = server.exchange.context.dataSource;
    const client = await loginAs(new ApiClient(server.url), referrer.email, referrer.password);
    await earnedReaches(client, shareOf(fees!.taker_fee));
    const [counted] = await dataSource.query(
      'SELECT count(*)::int AS n FROM referral_commissions WHERE referrer_id = $1',
      [referrer.user.id],
    );
    expect(counted.n).toBe(1);
    expect((await ledgerReport(server)).ok).toBe(true);
  });
});
