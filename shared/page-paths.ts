/**
 * Every page of the web client: the paths its router draws (client/src/App.tsx builds its routes
 * from this list). The server answers these with the app and 200, and any other page path with the
 * app's Not Found page and 404 (server/platform/http/static-client.ts).
 */
export const PAGE_PATHS = [
  '/',
  '/login',
  '/register',
  '/dashboard',
  '/trading',
  '/trade',
  '/markets',
  '/buy-crypto',
  '/derivatives',
  '/earn',
  '/fees',
  '/admin',
  '/account/api',
  '/settings',
  '/referral',
  '/orders',
  '/assets',
  // Profile-menu entries that live inside other screens, or say the programme is not offered yet.
  '/account',
  '/rewards',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

/** The tab's title on a path that is no page, as the server's 404 and the client's Not Found page give it. */
export const NOT_FOUND_TITLE = 'Not found';
