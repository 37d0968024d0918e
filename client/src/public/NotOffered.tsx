import { Link } from 'react-router-dom';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';

/** A programme the profile menu names but the venue does not run yet (rewards): said plainly, not a 404. */
export default function NotOffered({ title }: { title: string }) {
  return (
    <div className="page">
      <SiteHeader />
      <main className="container section" style={{ textAlign: 'center' }}>
        <h1 style={{ fontSize: 32, marginBottom: 12 }}>{title}</h1>
        <p className="muted" style={{ marginBottom: 24 }}>
          This programme is not offered yet.
        </p>
        <Link className="btn btn-primary" to="/dashboard">
          Back to dashboard
        </Link>
      </main>
      <SiteFooter />
    </div>
  );
}
