/** The one HTTP client: same-origin `/api`, bearer token from localStorage, errors carry the server's `detail`. */

export const TOKEN_KEY = 'token';
const API_BASE = '/api';
/** Fired when the server refuses our token (expired, or the account suspended); the session ends. */
export const SESSION_EXPIRED_EVENT = 'session-expired';
/** The server's detail for a suspended account's requests (403). */
const ACCOUNT_SUSPENDED = 'Account suspended';
/** 401s that ask for a two-factor code: the session goes on, the action waits for the code. */
export const TWO_FACTOR_CODE_REQUIRED = 'Two-factor code required';
export const INVALID_TWO_FACTOR_CODE = 'Invalid two-factor code';
const TWO_FACTOR_REFUSALS: unknown[] = [TWO_FACTOR_CODE_REQUIRED, INVALID_TWO_FACTOR_CODE];
/** A money action that got no answer (no connection, or 503: the server could not tell) is sent again this many times at most. */
const MONEY_ACTION_RETRIES = 2;
const RETRY_DELAY_MS = 1000;

export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail` text, when it sent one. */
  readonly detail?: string;

  constructor(status: number, detail: string | undefined, fallback: string) {
    super(detail ?? fallback);
    this.status = status;
    this.detail = detail;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /**
   * A money action: sent with an Idempotency-Key of its own, the same in the retries of it, so the
   * server does it once and a retry learns what the first attempt did.
   */
  idempotent?: boolean;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** crypto.randomUUID exists only in secure contexts (https, localhost); elsewhere 32 hex digits from getRandomValues. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the request, and a money action again (same key) while it gets no answer, a few times. */
async function fetchWithRetries(url: string, init: RequestInit, idempotent: boolean): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const lastAttempt = !idempotent || attempt === MONEY_ACTION_RETRIES;
    try {
      const response = await fetch(url, init);
      if (response.status !== 503 || lastAttempt) return response;
    } catch {
      if (lastAttempt) throw new ApiError(0, undefined, 'Network error');
    }
    await delay(RETRY_DELAY_MS * (attempt + 1));
  }
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** One page of a list, and how many items the whole list holds. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(method, path, options)).data as T;
}

/** A page of a list: the body is its items, the X-Total-Count header the size of the whole list. */
export async function requestPage<T>(path: string, query: Query): Promise<ListPage<T>> {
  const { data, response } = await send('GET', path, { query });
  const items = data as T[];
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length) };
}

/**
 * A file the server answers with (a CSV export), saved by the browser under the name the server
 * gives it; a refusal throws ApiError with the server's detail.
 */
export async function downloadFile(path: string, query: Query): Promise<void> {
  const { text, response } = await send('GET', path, { query });
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(new Blob([text], { type: response.headers.get('Content-Type') ?? 'text/plain' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** One call: its parsed JSON answer, its text and the response itself (for its headers); a refusal throws ApiError. */
async function send(
  method: string,
  path: string,
  options: RequestOptions,
): Promise<{ data: unknown; text: string; response: Response }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.auth !== false) Object.assign(headers, authHeaders());
  if (options.idempotent) headers['Idempotency-Key'] = newIdempotencyKey();
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetchWithRetries(
    buildUrl(path, options.query),
    { method, headers, body },
    options.idempotent === true,
  );

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    const detail =
      typeof data === 'object' && data !== null && 'detail' in data ? (data as { detail: unknown }).detail : undefined;
    const refusedSession =
      (response.status === 401 && !TWO_FACTOR_REFUSALS.includes(detail)) ||
      (response.status === 403 && detail === ACCOUNT_SUSPENDED);
    if (refusedSession && headers.Authorization) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    throw new ApiError(
      response.status,
      typeof detail === 'string' ? detail : undefined,
      `Request failed (${response.status})`,
    );
  }
  return { data, text, response };
}

/** The text to show for a failed call: the server's detail when present, otherwise the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
