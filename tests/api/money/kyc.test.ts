import { randomBytes } from 'node:crypto';
import { fixtureBase64, query, useBackOfficeExchange } from '../../support/back-office';
import { registerTrader } from '../../support/http-client';

const suite = useBackOfficeExchange();

const PNG = fixtureBase64('id-card.png');
const PDF = fixtureBase64('passport.pdf');
const TOO_LARGE = 'File size too large. Maximum size is 10MB. Please compress your image and try again.';

async function submitted(documentType = 'id_card', documentData = PNG) {
  const trader = await registerTrader(suite.api, 'Kim Kyc');
  const response = await trader.client.post('/kyc/submit', {
    document_type: documentType,
    document_data: documentData,
  });
  expect(response.status).toBe(200);
  return { ...trader, submission: response.body };
}

const adminItem = async (id: string) =>
  ((await suite.admin.get('/admin/kyc?limit=200')).body as Array<{ id: string; document_url: string }>).find(
    (item) => item.id === id,
  );

/** Fetches a document the way the admin page does: the item's document_url with the admin's token. */
async function viewDocument(documentUrl: string) {
  const response = await fetch(`${suite.server.url}${documentUrl}`, {
    headers: { authorization: `Bearer ${suite.admin.token}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
const documentUrl = (id: string) => `/api/admin/kyc/${id}/document`;

describe('submitting a document', () => {
  it('a real PNG in a JSON body is stored, the status becomes submitted, and the admin can view it', async () => {
    const { client, user, submission } = await submitted('id_card', PNG);
    expect(submission).toEqual({
      id: expect.any(String),
      document_type: 'id_card',
      status: 'pending',
      submitted_at: expect.any(String),
      admin_notes: null,
    });
    expect((await client.get('/kyc/status')).body).toEqual({ status: 'submitted', admin_notes: null });
    expect((await client.get('/auth/me')).body.kyc_status).toBe('submitted');

    const item = await adminItem(submission.id);
    expect(item).toEqual({
      ...submission,
      document_url: `/api/admin/kyc/${submission.id}/document`,
      user: { id: user.id, full_name: 'Kim Kyc', email: user.email },
    });
    expect(item).not.toHaveProperty('document_data');

    expect(await viewDocument(item!.document_url)).toEqual({
      status: 200,
      type: 'image/png',
      bytes: Buffer.from(PNG, 'base64'),
    });
  });

  it('a PDF sent in the query string, as callers may send it, is accepted as application/pdf', async () => {
    const { client } = await registerTrader(suite.api);
    const response = await client.post(`/kyc/submit${query({ document_type: 'passport', document_data: PDF })}`);
    expect(response.status).toBe(200);
    const item = await adminItem(response.body.id);
    expect(await viewDocument(item!.document_url)).toEqual({
      status: 200,
      type: 'application/pdf',
      bytes: Buffer.from(PDF, 'base64'),
    });
  });

  it("an unencoded '+' of base64 in a query string (read as a space) still decodes to the same bytes", async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0xfb, 0xef, 0xbe, 0xfb])]);
    const data = bytes.toString('base64');
    expect(data).toContain('+');
    const { client } = await registerTrader(suite.api);
    const response = await client.post(`/kyc/submit?document_type=passport&document_data=${data}`);
    expect(response.status).toBe(200);
    expect((await viewDocument(documentUrl(response.body.id))).bytes).toEqual(bytes);
  });

  it('a text file renamed to .png is refused, and nothing changes', async () => {
    const { client } = await registerTrader(suite.api);
    const response = await client.post('/kyc/submit', {
      document_type: 'passport',
      document_data: fixtureBase64('notes-renamed.png'),
    });
    expect(response).toEqual({
      status: 400,
      body: { detail: 'Unsupported document: please upload a JPEG, PNG or WebP image, or a PDF' },
    });
    expect((await client.get('/kyc/status')).body.status).toBe('pending');
  });

  it('an 11 MB file is refused with the size message', async () => {
    const { client } = await registerTrader(suite.api);
    const eleven = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(11 * 1024 * 1024 - 4)]);
    const response = await client.post('/kyc/submit', {
      document_type: 'passport',
      document_data: eleven.toString('base64'),
    });
    expect(response).toEqual({ status: 400, body: { detail: TOO_LARGE } });
  });

  it('a file of exactly 10485760 bytes is accepted, one byte more is not', async () => {
    const { client } = await registerTrader(suite.api);
    const jpeg = (size: number) =>
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]).toString('base64');
    const over = await client.post('/kyc/submit', { document_type: 'passport', document_data: jpeg(10_485_761) });
    expect(over).toEqual({ status: 400, body: { detail: TOO_LARGE } });
    const exact = await client.post('/kyc/submit', { document_type: 'passport', document_data: jpeg(10_485_760) });
    expect(exact.status).toBe(200);
  });

  it('recognises WebP and JPEG by their bytes', async () => {
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x10, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(8),
    ]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0x43, 0]);
    for (const [bytes, type] of [
      [webp, 'image/webp'],
      [jpeg, 'image/jpeg'],
    ] as const) {
      const { submission } = await submitted('drivers_license', bytes.toString('base64'));
      expect((await viewDocument(documentUrl(submission.id))).type).toBe(type);
    }
  });

  it.each([
    ['no document', { document_type: 'passport' }, 'Please select a document'],
    ['an empty document', { document_type: 'passport', document_data: '' }, 'Please select a document'],
    [
      'a data: URL',
      { document_type: 'passport', document_data: `data:image/png;base64,${PNG}` },
      'The document must be base64 data, without the data: prefix',
    ],
    [
      'broken base64',
      { document_type: 'passport', document_data: 'abc' },
      'The document must be base64 data, without the data: prefix',
    ],
    [
      'an unknown document type',
      { document_type: 'library_card', document_data: PNG },
      'Please choose a document type: passport, id_card or drivers_license',
    ],
    ['a number for the data', { document_type: 'passport', document_data: 42 }, 'Please select a document'],
  ])('refuses %s with a clear detail', async (_case, body, detail) => {
    const { client } = await registerTrader(suite.api);
    expect(await client.post('/kyc/submit', body)).toEqual({ status: 400, body: { detail } });
  });
});

describe('resubmission', () => {
  it('is refused while a submission is under review', async () => {
    const { client } = await submitted();
    const again = await client.post('/kyc/submit', { document_type: 'passport', document_data: PDF });
    expect(again).toEqual({ status: 409, body: { detail: 'Your KYC is under review' } });
  });

  it('is refused after approval, and allowed after rejection', async () => {
    const approvedTrader = await submitted();
    const approved = await suite.admin.post(
      `/admin/kyc/approve${query({ kyc_id: approvedTrader.submission.id, admin_notes: 'Looks good' })}`,
    );
    expect(approved.body).toMatchObject({ status: 'approved', admin_notes: 'Looks good' });
    expect((await approvedTrader.client.get('/kyc/status')).body).toEqual({
      status: 'approved',
      admin_notes: 'Looks good',
    });
    expect((await approvedTrader.client.get('/auth/me')).body.kyc_status).toBe('approved');
    const refused = await approvedTrader.client.post('/kyc/submit', { document_type: 'passport', document_data: PDF });
    expect(refused).toEqual({ status: 409, body: { detail: 'Your KYC has already been approved' } });

    const rejectedTrader = await submitted();
    await suite.admin.post(
      `/admin/kyc/reject${query({ kyc_id: rejectedTrader.submission.id, admin_notes: 'Blurry photo' })}`,
    );
    expect((await rejectedTrader.client.get('/kyc/status')).body).toEqual({
      status: 'rejected',
      admin_notes: 'Blurry photo',
    });
    const resubmitted = await rejectedTrader.client.post('/kyc/submit', {
      document_type: 'passport',
      document_data: PDF,
    });
    expect(resubmitted.status).toBe(200);
    expect((await rejectedTrader.client.get('/kyc/status')).body).toEqual({ status: 'submitted', admin_notes: null });
  });

  it('only one of many simultaneous submissions goes through', async () => {
    const { client } = await registerTrader(suite.api);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/kyc/submit', { document_type: 'passport', document_data: PNG })),
    );
    expect(attempts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(attempts.filter((r) => r.status === 409)).toHaveLength(5);
  });
});

describe('deciding', () => {
  it('a KYC submission is decided once, even under concurrent clicks', async () => {
    const { client, submission } = await submitted();
    const clicks = await Promise.all([
      ...Array.from({ length: 5 }, () => suite.admin.post(`/admin/kyc/approve${query({ kyc_id: submission.id })}`)),
      ...Array.from({ length: 5 }, () => suite.admin.post(`/admin/kyc/reject${query({ kyc_id: submission.id })}`)),
    ]);
    const winners = clicks.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(clicks.filter((r) => r.status === 409).every((r) => r.body.detail === 'KYC submission is not pending')).toBe(
      true,
    );
    expect((await client.get('/kyc/status')).body.status).toBe(winners[0]!.body.status);
  });

  it('unknown ids are 404 and malformed ones 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await suite.admin.post(`/admin/kyc/approve${query({ kyc_id: unknown })}`)).toEqual({
      status: 404,
      body: { detail: 'KYC submission not found' },
    });
    expect((await viewDocument(documentUrl(unknown))).status).toBe(404);
    expect(await suite.admin.get('/admin/kyc/nope/document')).toEqual({ status: 400, body: { detail: 'Invalid id' } });
    expect(await suite.admin.post('/admin/kyc/reject?kyc_id=nope')).toEqual({
      status: 400,
      body: { detail: 'Invalid id' },
    });
  });

  it('the admin list filters by status', async () => {
    const { submission } = await submitted();
    const pending = (await suite.admin.get('/admin/kyc?status=pending&limit=200')).body as Array<{
      id: string;
      status: string;
    }>;
    expect(pending.map((item) => item.id)).toContain(submission.id);
    expect(pending.every((item) => item.status === 'pending')).toBe(true);
  });
});
