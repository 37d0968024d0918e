import { Link, useLocation } from 'react-router-dom';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';

/**
 * Any path the app has no screen for: the server answers such a page path with the app and 404, and
 * App.tsx titles the tab "Not found".
 */
export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <SiteHeader />
      <main className="container section" style={{ textAlign: 'center' }}>
        <div className="muted num" style={{ fontSize: 56, fontWeight: 700, color: 'var(--accent)' }}>
          404
        </div>
        <h1 style={{ fontSize: 32, marginBottom: 12 }}>Page not found</h1>
        <p className="muted" style={{ marginBottom: 24, overflowWrap: 'anywhere' }}>
          There is no page at {pathname}.
        </p>
        <div className="row" style={{ justifyContent: 'center', gap: 12 }}>
          <Link className="btn btn-primary" to="/">
            Back to home
          </Link>
          <Link className="btn" to="/markets">
            Markets
          </Link>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
