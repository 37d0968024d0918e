import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AdminOnly, PublicOnly, SignedIn, TraderOnly } from './auth/guards';
import { useSession } from './auth/session';
import ErrorBoundary from './components/ErrorBoundary';
import Loading from './components/Loading';
import { PRODUCT_NAME } from './components/Logo';
import { NOT_FOUND_TITLE, PAGE_PATHS, type PagePath } from '../../shared/page-paths';
import Landing from './public/Landing';
import Login from './public/Login';
import Register from './public/Register';
import Dashboard from './dashboard/Dashboard';
import Assets from './assets/Assets';
import SimpleTrading from './trade/SimpleTrading';
import Markets from './public/Markets';
import BuyCrypto from './public/BuyCrypto';
import Derivatives from './public/Derivatives';
import Earn from './public/Earn';
import Fees from './public/Fees';
import NotFound from './public/NotFound';
import NotOffered from './public/NotOffered';
import ApiManagement from './account/ApiManagement';
import Referral from './account/Referral';
import OrdersPage from './trade/OrdersPage';
// In the main bundle although only traders open it: a lazy screen first shows Suspense's fallback,
// and React then holds the screen back up to 300 ms, which delayed the live book on every visit.
// The chart, its heaviest part, still loads on demand.
import Trade from './trade/Trade';

// The heaviest screens load on demand: traders never download the admin area, visitors neither.
const AdminPage = lazy(() => import('./admin/AdminPage'));
const Settings = lazy(() => import('./account/Settings'));

/** Each page's screen, with its guard: a page of the list without a screen, or the reverse, does not compile. */
const PAGES: Record<PagePath, ReactElement> = {
  '/': (
    <PublicOnly>
      <Landing />
    </PublicOnly>
  ),
  // Login wraps itself in PublicOnly: it picks the destination (/admin or /trade).
  '/login': <Login />,
  '/register': (
    <PublicOnly>
      <Register />
    </PublicOnly>
  ),
  '/dashboard': (
    <TraderOnly>
      <Dashboard />
    </TraderOnly>
  ),
  '/trading': (
    <TraderOnly>
      <SimpleTrading />
    </TraderOnly>
  ),
  '/trade': (
    <TraderOnly>
      <Trade />
    </TraderOnly>
  ),
  '/markets': <Markets />,
  '/buy-crypto': <BuyCrypto />,
  '/derivatives': <Derivatives />,
  '/earn': <Earn />,
  '/fees': <Fees />,
  '/admin': (
    <AdminOnly>
      <AdminPage />
    </AdminOnly>
  ),
  '/account/api': (
    <TraderOnly>
      <ApiManagement />
    </TraderOnly>
  ),
  '/settings': (
    <SignedIn>
      <Settings />
    </SignedIn>
  ),
  '/referral': (
    <TraderOnly>
      <Referral />
    </TraderOnly>
  ),
  '/orders': (
    <TraderOnly>
      <OrdersPage />
    </TraderOnly>
  ),
  '/assets': (
    <TraderOnly>
      <Assets />
    </TraderOnly>
  ),
  // Profile-menu entries that live inside other screens, or say the programme is not offered yet.
  '/account': <Navigate to="/dashboard?tab=kyc" replace />,
  '/rewards': <NotOffered title="Rewards Hub" />,
};

/** The tab's title before the product's name; a page without one shows the name alone. */
const TITLES: Partial<Record<PagePath, string>> = {
  '/login': 'Log in',
  '/register': 'Register',
  '/dashboard': 'Dashboard',
  '/assets': 'Assets',
  '/trading': 'Simple Trading',
  '/trade': 'Spot Trading',
  '/markets': 'Markets',
  '/buy-crypto': 'Buy Crypto',
  '/derivatives': 'Derivatives',
  '/earn': 'Earn',
  '/admin': 'Admin',
  '/account/api': 'API Management',
  '/settings': 'Settings',
  '/referral': 'Referral',
  '/orders': 'Orders',
};

export default function App() {
  const { loading } = useSession();
  const { pathname } = useLocation();

  useEffect(() => {
    // Matched as the router matches (any case, trailing slashes): a path of no page is the Not Found page.
    const page = PAGE_PATHS.find((path) => matchPath(path, pathname));
    if (!page) {
      document.title = NOT_FOUND_TITLE;
      return;
    }
    const title = TITLES[page];
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pathname]);
  if (loading) return <Loading />;

  return (
    // Keyed by path: leaving a crashed screen gives the next one a fresh start.
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>
        <Routes>
          {PAGE_PATHS.map((path) => (
            <Route key={path} path={path} element={PAGES[path]} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
