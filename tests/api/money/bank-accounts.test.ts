import { useBackOfficeExchange } from '../../support/back-office';

const suite = useBackOfficeExchange();

const newAccount = {
  bank_name: 'First Bank',
  account_number: 'DE89 3704 0044 0532 0130 00',
  account_holder: 'Exchange Ltd',
};

describe('bank accounts', () => {
  it('an administrator adds one (trimmed, active); anyone sees it without signing in', async () => {
    const created = await suite.admin.post('/admin/bank-account', {
      bank_name: '  First Bank ',
      account_number: newAccount.account_number,
      account_holder: 'Exchange Ltd',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      ...newAccount,
      is_active: true,
      created_at: expect.any(String),
    });
    const listed = await suite.api.get('/bank-accounts');
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(created.body);
  });

  it('a deactivated account disappears from the public list but stays in the admin list; toggling again restores it', async () => {
    const { body: account } = await suite.admin.post('/admin/bank-account', newAccount);
    const off = await suite.admin.post(`/admin/bank-account/${account.id}/toggle`);
    expect(off.body).toEqual({ ...account, is_active: false });
    expect((await suite.api.get('/bank-accounts')).body.map((a: { id: string }) => a.id)).not.toContain(account.id);
    expect((await suite.admin.get('/admin/bank-accounts')).body).toContainEqual({ ...account, is_active: false });
    const on = await suite.admin.post(`/admin/bank-account/${account.id}/toggle`);
    expect(on.body.is_active).toBe(true);
    expect((await suite.api.get('/bank-accounts')).body).toContainEqual(account);
  });

  it('a deleted account is gone, and deleting or toggling it again is 404', async () => {
    const { body: account } = await suite.admin.post('/admin/bank-account', newAccount);
    const deleted = await suite.admin.delete(`/admin/bank-account/${account.id}`);
    expect(deleted).toEqual({ status: 200, body: account });
    expect((await suite.admin.get('/admin/bank-accounts')).body.map((a: { id: string }) => a.id)).not.toContain(
      account.id,
    );
    expect(await suite.admin.delete(`/admin/bank-account/${account.id}`)).toEqual({
      status: 404,
      body: { detail: 'Bank account not found' },
    });
    expect(await suite.admin.post(`/admin/bank-account/${account.id}/toggle`)).toEqual({
      status: 404,
      body: { detail: 'Bank account not found' },
    });
    expect(await suite.admin.delete('/admin/bank-account/123')).toEqual({
      status: 400,
      body: { detail: 'Invalid id' },
    });
  });

  it.each([
    ['no body', undefined],
    ['a missing field', { bank_name: 'B', account_number: '1' }],
    ['a blank field', { ...newAccount, account_holder: '   ' }],
    ['a number for a field', { ...newAccount, account_number: 12345 }],
  ])('refuses %s with "Please fill all fields"', async (_case, body) => {
    expect(await suite.admin.post('/admin/bank-account', body)).toEqual({
      status: 400,
      body: { detail: 'Please fill all fields' },
    });
  });

  it('refuses oversized fields', async () => {
    const response = await suite.admin.post('/admin/bank-account', { ...newAccount, bank_name: 'b'.repeat(121) });
    expect(response).toEqual({ status: 400, body: { detail: 'Bank name must be at most 120 characters' } });
  });

  it('every change is in the audit log', async () => {
    const { body: account } = await suite.admin.post('/admin/bank-account', newAccount);
    await suite.admin.post(`/admin/bank-account/${account.id}/toggle`);
    await suite.admin.delete(`/admin/bank-account/${account.id}`);
    const audit = (await suite.admin.get('/admin/audit?limit=200')).body as Array<{
      target_id: string;
      action: string;
    }>;
    expect(audit.filter((entry) => entry.target_id === account.id).map((entry) => entry.action)).toEqual([
      'bank_account.delete',
      'bank_account.toggle',
      'bank_account.create',
    ]);
  });
});
