import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startExchangeServer, type ExchangeServer } from './exchange-server';

/**
 * The hooks every browser test file needs: one exchange server and one Chromium for the whole file,
 * handed to the file through `use`, both stopped after its last test.
 */
export function withExchangeAndBrowser(
  use: (server: ExchangeServer, browser: Browser) => void,
  /** Settings of the exchange beyond the defaults, e.g. { ADMIN_REQUIRE_2FA: 'on' }. */
  env: Record<string, string> = {},
): void {
  let server: ExchangeServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startExchangeServer(env);
    browser = await launchBrowser();
    use(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
