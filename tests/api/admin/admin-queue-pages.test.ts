import { fixtureBase64, query, signInAdmin } from '../../support/back-office';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

let server: TestExchange;
let admin: ApiClient;

// No pending caps here: a flood as large as the one before the caps must still page.
beforeAll(async () => {
  server = await startTestExchange({ MAX_PENDING_DEPOSITS: '0', MAX_PENDING_WITHDRAWALS: '0' });
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

interface Item {
  id: string;
  status: string;
  created_at?: string;
  submitted_at?: string;
}

/** One page as the admin page asks for it: the array, and the X-Total-Count header. */
async function page(path: string, limit: number, offset: number) {
  const separator = path.includes('?') ? '&' : '?';
  const response = await fetch(`${server.url}/api${path}${separator}${query({ limit, offset }).slice(1)}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  const items = (await response.json()) as Item[];
  expect(Array.isArray(items)).toBe(true);
  return { items, total: Number(response.headers.get('x-total-count')), exposed: response.headers };
}

/** Every item of a list, page after page; each page's total must be the same and match what came. */
async function everyPage(path: string, limit: number) {
  const first = await page(path, limit, 0);
  const items = [...first.items];
  while (items.length < first.total) {
    const next = await page(path, limit, items.length);
    expect(next.total).toBe(first.total);
    expect(next.items.length).toBeGreaterThan(0);
    items.push(...next.items);
  }
  expect(items).toHaveLength(first.total);
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  return items;
}

const createdAt = (item: Item) => Date.parse(item.created_at ?? item.submitted_at!);

/** Pending items first, the oldest of them first; then the decided ones, the newest first. */
function expectQueueOrder(items: Item[]) {
  const firstDecided = items.findIndex((item) => item.status !== 'pending');
  const pending = firstDecided === -1 ? items : items.slice(0, firstDecided);
  const decided = firstDecided === -1 ? [] : items.slice(firstDecided);
  expect(decided.filter((item) => item.status === 'pending')).toEqual([]);
  for (let i = 1; i < pending.length; i++)
    expect(createdAt(pending[i]!)).toBeGreaterThanOrEqual(createdAt(pending[i - 1]!));
  for (let i = 1; i < decided.length; i++)
    expect(createdAt(decided[i]!)).toBeLessThanOrEqual(createdAt(decided[i - 1]!));
  return { pending, decided };
}

const stats = async () => (await admin.get('/admin/stats')).body as Record<string, number>;

describe('a queue longer than a page', () => {
  it('1,020 pending deposits of six traders: every one on some page, oldest pending first, counts exact', async () => {
    const before = await stats();
    const traders = await Promise.all(
      Array.from({ length: 6 }, (_, i) => registerTrader(new ApiClient(server.url), `Flood ${i}`)),
    );
    const filed = await Promise.all(
      traders.map(async ({ client }) => {
        const ids: string[] = [];
        for (let n = 0; n < 170; n++) {
          const response = await client.post(`/deposit/request${query({ amount: 1000 + n })}`);
          expect(response.status).toBe(200);
          ids.push(response.body.id);
        }
        return ids;
      }),
    );
    const mine = filed.flat();
    expect(mine).toHaveLength(1020);
    // Three of them decided, the oldest and two of the newest: they leave the pending part.
    const decidedIds = [filed[0]![0]!, filed[1]![169]!, filed[2]![100]!];
    await admin.post(`/admin/deposit/approve${query({ deposit_id: decidedIds[0]! })}`);
    await admin.post(`/admin/deposit/reject${query({ deposit_id: decidedIds[1]! })}`);
    await admin.post(`/admin/deposit/approve${query({ deposit_id: decidedIds[2]! })}`);

    const after = await stats();
    expect(after.pending_deposits - before.pending_deposits).toBe(1017);

    const items = await everyPage('/admin/deposits', 50);
    const { pending, decided } = expectQueueOrder(items);
    expect(pending).toHaveLength(after.pending_deposits);
    const pendingIds = new Set(pending.map((item) => item.id));
    expect(mine.filter((id) => !decidedIds.includes(id)).every((id) => pendingIds.has(id))).toBe(true);
    expect(decidedIds.every((id) => decided.some((item) => item.id === id))).toBe(true);

    const onlyPending = await everyPage('/admin/deposits?status=pending', 200);
    expect(onlyPending.map((item) => item.id)).toEqual(pending.map((item) => item.id));
    expect((await page('/admin/deposits?status=pending', 1, 0)).total).toBe(after.pending_deposits);

    // Pages of another size cut the same sequence.
    const second = await page('/admin/deposits', 7, 7);
    expect(second.items.map((item) => item.id)).toEqual(items.slice(7, 14).map((item) => item.id));
    // Beyond the end: an empty page, with the total still told.
    expect(await page('/admin/deposits', 50, items.length).then((p) => [p.items, p.total])).toEqual([[], items.length]);
  }, 240_000);
});

describe('every admin list pages with its total', () => {
  it('withdrawals: pending oldest first, then decided newest first', async () => {
    const traders = await Promise.all([1, 2, 3].map(() => fundedTrader(server, { USD: '1000' })));
    const ids: string[] = [];
    for (let n = 0; n < 4; n++)
      for (const trader of traders)
        ids.push((await trader.client.post(`/withdraw/request${query({ amount: 5 })}`)).body.id);
    await admin.post(`/admin/withdrawal/reject${query({ withdrawal_id: ids[0]! })}`);
    await admin.post(`/admin/withdrawal/approve${query({ withdrawal_id: ids[5]! })}`);

    const items = await everyPage('/admin/withdrawals', 5);
    const { pending, decided } = expectQueueOrder(items);
    expect(pending).toHaveLength((await stats()).pending_withdrawals);
    expect(decided.slice(0, 2).map((item) => item.id)).toEqual([ids[5], ids[0]]);
    const pendingIds = pending.map((item) => item.id);
    expect(pendingIds.slice(-10)).toEqual(ids.filter((_, i) => i !== 0 && i !== 5));
  });

  it('KYC submissions: pending oldest first, then decided newest first', async () => {
    const traders = await Promise.all(
      Array.from({ length: 7 }, (_, i) => registerTrader(new ApiClient(server.url), `Kyc ${i}`)),
    );
    const ids: string[] = [];
    for (const trader of traders) {
      const submitted = await trader.client.post('/kyc/submit', {
        document_type: 'passport',
        document_data: fixtureBase64('id-card.png'),
      });
      ids.push(submitted.body.id);
    }
    await admin.post(`/admin/kyc/approve${query({ kyc_id: ids[2]! })}`);

    const items = await everyPage('/admin/kyc', 3);
    const { pending, decided } = expectQueueOrder(items);
    expect(pending).toHaveLength((await stats()).pending_kyc);
    expect(pending.slice(-6).map((item) => item.id)).toEqual(ids.filter((_, i) => i !== 2));
    expect(decided[0]!.id).toBe(ids[2]);
  });

  it('users: newest first, the total the counter shows', async () => {
    const newest = await registerTrader(new ApiClient(server.url), 'Newest');
    const users = await everyPage('/admin/users', 4);
    expect(users[0]!.id).toBe(newest.user.id);
    expect(users).toHaveLength((await stats()).total_users);
  });

  it('the total is a header a page script may read, and the body stays the array', async () => {
    const first = await page('/admin/deposits', 2, 0);
    expect(first.items.length).toBeLessThanOrEqual(2);
    expect(first.exposed.get('access-control-expose-headers')).toContain('X-Total-Count');
  });
});
