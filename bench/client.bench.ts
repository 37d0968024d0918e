/**
 * The web client as a visitor meets it, in Chromium against the exchange as `npm start` runs it
 * (compiled, the market maker quoting), after a fresh `vite build`:
 * - the JavaScript the landing page loads: every script response of a first visit to `/`, its size
 *   and its size gzipped (what a compressing proxy sends);
 * - the time from navigation to a live book on /trade: the order book showing levels of our own
 *   snapshot (it carries an update id) and the socket connected ("● Live"), read from the page's
 *   clock (performance.now(), 0 at navigation start). Cold: each load in a new browser context,
 *   nothing cached; warm: loads one after another in one context, as a trader coming back.
 * Usage: npm run bench:client (BENCH_LOADS loads per case, default 20; DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, names the server where bench_client_<ts> is created and dropped).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../tests/browser/support/browser';
import { eventually } from '../tests/support/eventually';
import { call, withBenchExchange } from './exchange-server';

const LOADS = Number(process.env.BENCH_LOADS ?? 20);
const ROOT = path.join(__dirname, '..');
/**
 * Run in the page before its own scripts: notes performance.now() at the first change of the page
 * that leaves the book live (levels from a snapshot of ours, carrying an update id, and the socket
 * that keeps them current up). Polling from outside would add its interval to the figure.
 */
const WATCH_LIVE_BOOK = `new MutationObserver((_, observer) => {
  const book = document.querySelector('[data-testid="order-book"][data-update-id] tr[data-price]');
  const live = [...document.querySelectorAll('.trade-topbar span')].some((s) => s.textContent.includes('Live'));
  if (book && live) {
    window.liveBookAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });`;

async function landingScripts(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<{ file: string; bytes: number; gzipped: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then((body) => ({
        file: new URL(response.url()).pathname,
        bytes: body.length,
        gzipped: gzipSync(body).length,
      })),
    );
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(scripts);
  await context.close();
  return files;
}

/** Milliseconds from navigation to a live book, one load per entry; warm loads share one context and its cache. */
async function timesToLiveBook(browser: Browser, url: string, token: string, warm: boolean): Promise<number[]> {
  const signedIn = async (): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)}); ${WATCH_LIVE_BOOK}`);
    return context;
  };
  const shared = warm ? await signedIn() : null;
  const sharedPage = await shared?.newPage();
  await sharedPage?.goto(`${url}/trade`); // fills the cache
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = shared ?? (await signedIn());
    const page = sharedPage ?? (await context.newPage());
    await page.goto(`${url}/trade`);
    times.push(await eventually(() => page.evaluate<number | undefined>('window.liveBookAt'), 30_000, 'a live book'));
    if (!shared) await context.close();
  }
  await shared?.close();
  return times;
}

function summary(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
  return { case: name, loads: sorted.length, 'median ms': at(50).toFixed(0), 'p95 ms': at(95).toFixed(0) };
}

async function main() {
  execFileSync('npm', ['run', '--silent', 'build:client'], { cwd: ROOT, stdio: 'ignore' });
  await withBenchExchange('client', { env: { MARKET_MAKER: 'on' }, connections: 2 }, async ({ server, http }) => {
    const registered = await call(http, 'POST', '/auth/register', null, {
      email: 'bench-client@example.com',
      password: 'correct-horse-battery',
      full_name: 'Bench Client',
    });
    const browser = await launchBrowser();
    try {
      const scripts = await landingScripts(browser, server.url);
      const cold = await timesToLiveBook(browser, server.url, registered.body.token, false);
      const warm = await timesToLiveBook(browser, server.url, registered.body.token, true);
      const kb = (bytes: number) => (bytes / 1024).toFixed(1);
      console.log('\nbench:client  JavaScript the landing page loads (first visit to /)');
      console.table(scripts.map((s) => ({ file: s.file, KB: kb(s.bytes), 'KB gzipped': kb(s.gzipped) })));
      const total = scripts.reduce((sum, s) => sum + s.gzipped, 0);
      console.log(`total: ${kb(scripts.reduce((sum, s) => sum + s.bytes, 0))} KB, ${kb(total)} KB gzipped`);
      console.log(`\nnavigation to a live book on /trade, ${LOADS} loads each`);
      console.table([summary('cold (new context)', cold), summary('warm (cached)', warm)]);
      console.log(
        `load average at the end: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
    } finally {
      await browser.close();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
