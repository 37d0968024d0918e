import { randomUUID } from 'node:crypto';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
}

/** A small HTTP client for tests: JSON in, JSON out, optional bearer token. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  withToken(token: string) {
    return new ApiClient(this.baseUrl, token);
  }

  async request<T = any>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      /** Shown the answer's headers, for a test that reads one. */
      onHeaders?: (headers: Headers) => void;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    } else if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}/api${path}`, { method, headers, body });
    options.onHeaders?.(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text so a test can show what came back
    }
    return { status: response.status, body: parsed as T };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, { body });
  }

  delete<T = any>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, { body });
  }
}

export const uniqueEmail = (prefix = 'trader') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;

/** Registers a new trader and returns a client signed in as them. */
export async function registerTrader(api: ApiClient, name = 'Test Trader', email = uniqueEmail()) {
  const password = 'trader-password-1';
  const response = await api.post('/auth/register', { email, password, full_name: name });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { client: api.withToken(response.body.token), user: response.body.user, email, password };
}

export async function loginAs(api: ApiClient, email: string, password: string) {
  const response = await api.post('/auth/login', { email, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return api.withToken(response.body.token);
}
