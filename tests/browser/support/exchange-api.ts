/** Direct API calls for test set-up, so each browser test drives only the screens it is about. */
import type { ExchangeServer } from './exchange-server';

/** A 1x1 PNG: the smallest real image the KYC check accepts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function api<T>(
  server: Pick<ExchangeServer, 'baseUrl'>,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function adminToken(server: ExchangeServer): Promise<string> {
  return (await api<{ token: string }>(server, null, 'POST', '/auth/login', server.admin)).token;
}

export async function registerTrader(server: ExchangeServer, fullName: string, email: string): Promise<string> {
  return (
    await api<{ token: string }>(server, null, 'POST', '/auth/register', {
      email,
      password: 'correct-horse-battery',
      full_name: fullName,
    })
  ).token;
}

/** KYC approved and `amount` dollars deposited and approved, all through the API. */
export async function verifyAndFund(server: ExchangeServer, token: string, amount: number): Promise<void> {
  const admin = await adminToken(server);
  await api(server, token, 'POST', '/kyc/submit', {
    document_type: 'passport',
    document_data: TINY_PNG.toString('base64'),
  });
  const pending = (await api<{ id: string; status: string }[]>(server, admin, 'GET', '/admin/kyc')).filter(
    (k) => k.status === 'pending',
  );
  for (const submission of pending)
    await api(server, admin, 'POST', `/admin/kyc/approve?kyc_id=${submission.id}&admin_notes=`);
  const deposit = await api<{ id: string }>(server, token, 'POST', `/deposit/request?amount=${amount}`);
  await api(server, admin, 'POST', `/admin/deposit/approve?deposit_id=${deposit.id}&admin_notes=`);
}

/** A trade with the house desk at its current price, as the simple screen makes it: a buy at its ask, a sell at its bid. */
export async function deskTrade(
  server: ExchangeServer,
  token: string,
  symbol: string,
  side: 'buy' | 'sell',
  amount: number | string,
): Promise<void> {
  const quotes = await api<{ symbol: string; bid: number; ask: number }[]>(server, null, 'GET', '/market/quotes');
  const quote = quotes.find((q) => q.symbol === symbol)!;
  const price = side === 'buy' ? quote.ask : quote.bid;
  await api(server, token, 'POST', `/trade?symbol=${symbol}&trade_type=${side}&amount=${amount}&price=${price}`);
}
