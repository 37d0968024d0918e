import { ApiClient, registerTrader } from '../../../support/http-client';
import { useBackOfficeExchange } from '../../../support/back-office';
import { createProduct, expectLedgerClean, FLEXIBLE, LOCKED } from './earn-fixtures';

const suite = useBackOfficeExchange();

describe('Earn products, as administrators define them', () => {
  it('a venue opens with products to subscribe to: flexible BTC and dollars, ETH and BNB locked', async () => {
    const listed = (await suite.api.get('/earn/products')).body as Array<Record<string, unknown>>;
    const opening = [
      { asset: 'BTC', kind: 'flexible', apy: '0.052', term_days: null, min_amount: '0.001', status: 'open' },
      { asset: 'ETH', kind: 'locked', apy: '0.078', term_days: 30, min_amount: '0.01', status: 'open' },
      { asset: 'BNB', kind: 'locked', apy: '0.125', term_days: 90, min_amount: '0.1', status: 'open' },
      { asset: 'USD', kind: 'flexible', apy: '0.08', term_days: null, min_amount: '10', status: 'open' },
    ];
    expect(listed).toEqual(expect.arrayContaining(opening.map((product) => expect.objectContaining(product))));
  });

  it('creates a flexible and a locked product, lists them publicly and for the admin, and audits each', async () => {
    const flexible = await suite.admin.post('/admin/earn/products', { ...FLEXIBLE, apy: '0.052', min_amount: 25 });
    expect(flexible.status).toBe(201);
    const listedFlexible = {
      id: flexible.body.id,
      asset: 'USD',
      kind: 'flexible',
      apy: '0.052',
      term_days: null,
      min_amount: '25',
      status: 'open',
    };
    expect(flexible.body).toEqual({
      ...listedFlexible,
      placed: '0',
      interest_paid: '0',
      active_positions: 0,
      created_at: expect.any(String),
    });
    const locked = await createProduct(suite.admin, LOCKED);

    const listed = await suite.api.get('/earn/products');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        listedFlexible,
        { id: locked.id, asset: 'USD', kind: 'locked', apy: '0.2', term_days: 30, min_amount: '10', status: 'open' },
      ]),
    );
    const admins = (await suite.admin.get('/admin/earn/products')).body as Array<{ id: string }>;
    expect(admins.map((p) => p.id)).toEqual(expect.arrayContaining([flexible.body.id, locked.id]));

    const audit = await suite.admin.get('/admin/audit?action=earn_product');
    expect((audit.body as Array<{ action: string; target_id: string }>).map((e) => [e.action, e.target_id])).toEqual(
      expect.arrayContaining([
        ['earn_product.create', flexible.body.id],
        ['earn_product.create', locked.id],
      ]),
    );
  });

  it('changes status, APY and minimum; a closed product leaves the public list', async () => {
    const product = await createProduct(suite.admin);
    const changed = await suite.admin.request('PATCH', `/admin/earn/products/${product.id}`, {
      body: { apy: '0.075', min_amount: '5.5', status: 'paused' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: product.id, apy: '0.075', min_amount: '5.5', status: 'paused' });
    expect((await suite.api.get('/earn/products')).body).toContainEqual(
      expect.objectContaining({ id: product.id, status: 'paused' }),
    );
    // The collection takes the same change with the product's id in the body.
    const byBody = await suite.admin.request('PATCH', '/admin/earn/products', {
      body: { id: product.id, apy: '0.08' },
    });
    expect(byBody.status).toBe(200);
    expect(byBody.body).toMatchObject({ id: product.id, apy: '0.08', status: 'paused' });
    expect((await suite.admin.request('PATCH', '/admin/earn/products', { body: { id: product.id } })).status).toBe(400);
    await suite.admin.request('PATCH', `/admin/earn/products/${product.id}`, { body: { status: 'closed' } });
    const listed = (await suite.api.get('/earn/products')).body as Array<{ id: string }>;
    expect(listed.map((p) => p.id)).not.toContain(product.id);
    const audit = await suite.admin.get('/admin/audit?action=earn_product.update');
    expect((audit.body as Array<{ target_id: string }>).filter((e) => e.target_id === product.id)).toHaveLength(3);
  });

  it.each([
    [{ ...FLEXIBLE, kind: 'staked' }, 'kind'],
    [{ ...FLEXIBLE, apy: '-0.1' }, 'apy'],
    [{ ...FLEXIBLE, apy: '0' }, 'apy'],
    [{ ...FLEXIBLE, apy: '11' }, 'apy'],
    [{ ...FLEXIBLE, apy: '1e-3' }, 'apy'],
    [{ ...FLEXIBLE, min_amount: '-1' }, 'min_amount'],
    [{ ...FLEXIBLE, min_amount: '0.0000000000000000001' }, 'min_amount'],
    [{ ...FLEXIBLE, term_days: 30 }, 'term_days'],
    [{ ...LOCKED, term_days: null }, 'term_days'],
    [{ ...LOCKED, term_days: 0 }, 'term_days'],
    [{ ...LOCKED, term_days: 1.5 }, 'term_days'],
    [{ ...FLEXIBLE, asset: 'usd' }, 'asset'],
    [{ ...FLEXIBLE, status: 'gone' }, 'status'],
  ])('refuses %j with a 400 naming %s', async (product, field) => {
    const response = await suite.admin.post('/admin/earn/products', product);
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(new RegExp(`^${field}: `));
  });

  it('refuses an asset the venue does not list, an unknown product, and an empty change', async () => {
    expect(await suite.admin.post('/admin/earn/products', { ...FLEXIBLE, asset: 'NOPE' })).toEqual({
      status: 400,
      body: { detail: 'Unknown asset' },
    });
    const missing = await suite.admin.request('PATCH', '/admin/earn/products/7d1f4c3e-8a52-4b0e-9c3a-2f6d5e4b3a21', {
      body: { status: 'paused' },
    });
    expect(missing).toEqual({ status: 404, body: { detail: 'Earn product not found' } });
    const product = await createProduct(suite.admin);
    const empty = await suite.admin.request('PATCH', `/admin/earn/products/${product.id}`, { body: {} });
    expect(empty).toEqual({ status: 400, body: { detail: 'Nothing to change' } });
    const malformed = await suite.admin.request('PATCH', '/admin/earn/products/not-a-uuid', { body: { apy: '0.1' } });
    expect(malformed.status).toBe(400);
  });

  it('is for administrators only', async () => {
    const { client } = await registerTrader(suite.api);
    expect((await client.post('/admin/earn/products', FLEXIBLE)).status).toBe(403);
    expect((await client.get('/admin/earn/products')).status).toBe(403);
    expect((await new ApiClient(suite.server.url).get('/admin/earn/products')).status).toBe(401);
  });

  it('leaves the ledger clean', () => expectLedgerClean(suite.server.exchange.context.dataSource));
});
