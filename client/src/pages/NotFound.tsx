import { Link } from 'react-router-dom';
import SiteFooter from '../components/SiteFooter';
import SiteHeader from '../components/SiteHeader';

export default function NotFound() {
  return (
    <div className="page">
      <SiteHeader />
      <main className="container section" style={{ textAlign: 'center' }}>
        <h1 style={{ fontSize: 40, marginBottom: 12 }}>Coming soon</h1>
        <p className="muted">This page is not available yet.</p>
        <Link className="btn btn-primary" to="/">
          Back to home
        </Link>
      </main>
      <SiteFooter />
    </div>
  );
}
