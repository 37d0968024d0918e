import { query, signInAdmin, traderWithDeposit } from '../support/back-office';
import type { ApiClient } from '../support/http-client';
import { RecordingSocket } from '../support/market-socket';
import { startTestExchange, type TestExchange } from '../support/test-exchange';

/** Suspension cuts a trader off: their sockets, and every order they have on the books. */

jest.setTimeout(60_000);

let server: TestExchange;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestExchange();
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

const suspend = (userId: string) => admin.post(`/admin/user/suspend${query({ user_id: userId })}`);
describe('suspending a trader', () => {
  it('disconnects their sockets at once; no later event reaches them, and their old token reconnects to the public rooms only', async () => {
    const trader = await traderWithDeposit(server, admin, 100, 'Cut Off');
    const adminSocket = await RecordingSocket.connect(server.url, admin.token);
    const socket = await RecordingSocket.connect(server.url, trader.client.token);
    try {
      // The socket hears its owner's funding events before the suspension.
      const first = await trader.client.post(`/deposit/request${query({ amount: 5 })}`);
      await admin.post(`/admin/deposit/approve${query({ deposit_id: first.body.id })}`);
      await socket.next('funding', (data) => data.id === first.body.id);
      const pending = await trader.client.post(`/deposit/request${query({ amount: 7 })}`);
      expect(pending.status).toBe(200);

      const closed = socket.closedByServer();
      expect((await suspend(trader.user.id)).status).toBe(200);
      expect(await closed).toBe('io server disconnect');
      const heardBefore = socket.events.length;

      const again = await RecordingSocket.connect(server.url, trader.client.token);
      try {
        adminSocket.events.length = 0;
        expect((await admin.post(`/admin/deposit/approve${query({ deposit_id: pending.body.id })}`)).status).toBe(200);
        // The admin room hears of the decision after its owner's room was told (one bus, in order).
        await adminSocket.next('admin:update', (data) => data.kind === 'deposit');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(socket.events.slice(heardBefore)).toEqual([]);
        expect(again.events.filter((e) => e.event === 'funding' || e.event === 'balance')).toEqual([]);
        expect(socket.socket.connected).toBe(false);
      } finally {
        again.close();
      }
    } finally {
      socket.close();
      adminSocket.close();
    }
  });
});
