import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AdminOnly, PublicOnly, SignedIn, TraderOnly } from './auth/guards';
import { useSession } from './auth/session';
import ErrorBoundary from './components/ErrorBoundary';
import Loading from './components/Loading';
import { PRODUCT_NAME } from './components/Logo';
import Landing from './pages/Landing';
import Login from './pages/Login';
import Register from './pages/Register';
import Dashboard from './pages/Dashboard';
import SimpleTrading from './pages/SimpleTrading';
import Markets from './pages/Markets';
import BuyCrypto from './pages/BuyCrypto';
import Derivatives from './pages/Derivatives';
import Earn from './pages/Earn';
import NotFound from './pages/NotFound';
import NotOffered from './pages/NotOffered';
import ApiManagement from './pages/ApiManagement';
// In the main bundle although only traders open it: a lazy screen first shows Suspense's fallback,
// and React then holds the screen back up to 300 ms, which delayed the live book on every visit.
// The chart, its heaviest part, still loads on demand.
import Trade from './pages/Trade';

// The heaviest screens load on demand: traders never download the admin area, visitors neither.
const AdminPage = lazy(() => import('./pages/admin/AdminPage'));
const Settings = lazy(() => import('./pages/Settings'));

const TITLES: Record<string, string> = {
  '/login': 'Log in',
  '/register': 'Register',
  '/dashboard': 'Dashboard',
  '/trading': 'Simple Trading',
  '/trade': 'Spot Trading',
  '/markets': 'Markets',
  '/buy-crypto': 'Buy Crypto',
  '/derivatives': 'Derivatives',
  '/earn': 'Earn',
  '/admin': 'Admin',
  '/account/api': 'API Management',
  '/settings': 'Settings',
};

export default function App() {
  const { loading } = useSession();
  const { pathname } = useLocation();

  useEffect(() => {
    const title = TITLES[pathname];
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pathname]);
  if (loading) return <Loading />;

  return (
    // Keyed by path: leaving a crashed screen gives the next one a fresh start.
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route
            path="/"
            element={
              <PublicOnly>
                <Landing />
              </PublicOnly>
            }
          />
          {/* Login wraps itself in PublicOnly: it picks the destination (/admin or /trade). */}
          <Route path="/login" element={<Login />} />
          <Route
            path="/register"
            element={
              <PublicOnly>
                <Register />
              </PublicOnly>
            }
          />
          <Route
            path="/dashboard"
            element={
              <TraderOnly>
                <Dashboard />
              </TraderOnly>
            }
          />
          <Route
            path="/trading"
            element={
              <TraderOnly>
                <SimpleTrading />
              </TraderOnly>
            }
          />
          <Route
            path="/trade"
            element={
              <TraderOnly>
                <Trade />
              </TraderOnly>
            }
          />
          <Route path="/markets" element={<Markets />} />
          <Route path="/buy-crypto" element={<BuyCrypto />} />
          <Route path="/derivatives" element={<Derivatives />} />
          <Route path="/earn" element={<Earn />} />
          <Route
            path="/admin"
            element={
              <AdminOnly>
                <AdminPage />
              </AdminOnly>
            }
          />
          <Route
            path="/account/api"
            element={
              <TraderOnly>
                <ApiManagement />
              </TraderOnly>
            }
          />
          {/* Profile-menu entries that live inside existing screens. */}
          <Route path="/assets" element={<Navigate to="/dashboard" replace />} />
          <Route path="/account" element={<Navigate to="/dashboard?tab=kyc" replace />} />
          <Route path="/orders" element={<Navigate to="/trade" replace />} />
          <Route path="/referral" element={<NotOffered title="Referral" />} />
          <Route path="/rewards" element={<NotOffered title="Rewards Hub" />} />
          <Route
            path="/settings"
            element={
              <SignedIn>
                <Settings />
              </SignedIn>
            }
          />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
