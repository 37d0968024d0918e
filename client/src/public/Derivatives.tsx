import { Link } from 'react-router-dom';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';

const PRODUCTS = [
  { title: 'USD-M Futures', text: 'Perpetual and quarterly contracts margined and settled in USDT.', popular: true },
  { title: 'COIN-M Futures', text: 'Contracts margined and settled in the underlying cryptocurrency.', popular: false },
  { title: 'Options', text: 'European-style options with limited downside and flexible strategies.', popular: false },
  {
    title: 'Leveraged Tokens',
    text: 'Leveraged exposure without margin management or liquidation risk.',
    popular: false,
  },
];

export default function Derivatives() {
  return (
    <div className="page">
      <SiteHeader />
      <main className="container section">
        <h1 style={{ fontSize: 36, marginBottom: 8 }}>Derivatives</h1>
        <p className="muted" style={{ fontSize: 18, marginBottom: 32 }}>
          Trade futures and options with up to 125x leverage.
        </p>
        <div className="grid grid-2">
          {PRODUCTS.map((p) => (
            <div key={p.title} className="card stack" style={{ gap: 8 }}>
              <div className="row between">
                <h3>{p.title}</h3>
                {p.popular && <span className="badge warn">POPULAR</span>}
              </div>
              <p className="muted" style={{ margin: 0 }}>
                {p.text}
              </p>
            </div>
          ))}
        </div>
        <div className="cta" style={{ marginTop: 32 }}>
          <h2 style={{ marginBottom: 12 }}>Ready to trade?</h2>
          <p className="muted" style={{ marginBottom: 20 }}>
            Start with spot markets while derivatives launch.
          </p>
          <Link to="/trade" className="btn btn-primary btn-lg">
            Trade Now
          </Link>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
