/** Chromium (Debian's) through playwright-core, plus small steps shared by the browser tests. */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function openPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export async function register(page: Page, fullName: string, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/dashboard');
}

/** Fill the login form; `open` false when the app has already brought the page to /login. */
export async function logIn(page: Page, email: string, password: string, open = true): Promise<void> {
  if (open) await page.goto('/login');
  await page.getByLabel('Email/Phone number').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** How soon a pushed market change shows on an open screen: well within the catalog's refresh (10 s). */
export const PUSHED_MS = 3000;

/** The text of the visible toasts (notistack). */
export function toast(page: Page, text: string) {
  return page.locator('#notistack-snackbar', { hasText: text });
}

/** The session token the app keeps in localStorage (an expression string: the tests compile without DOM types). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate<string | null>("localStorage.getItem('token')");
}

export async function storeToken(page: Page, token: string | null): Promise<void> {
  await page.evaluate(
    token === null ? "localStorage.removeItem('token')" : `localStorage.setItem('token', ${JSON.stringify(token)})`,
  );
}

/**
 * A PNG of random pixels, made in the page: noise does not compress, so 1400x1400 of it is several
 * megabytes, over the size the client shrinks a photo from.
 */
export async function noisyPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1400; canvas.height = 1400;
    const context = canvas.getContext('2d');
    const image = context.createImageData(1400, 1400);
    for (let i = 0; i < image.data.length; i += 1) image.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    context.putImageData(image, 0, 0);
    return canvas.toDataURL('image/png');
  })()`);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
