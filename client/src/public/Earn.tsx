import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { useSession } from '../auth/session';
import CoinIcon from '../components/CoinIcon';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';

const PRODUCTS = [
  { title: 'Locked Staking', apy: 'Up to 20% APY', text: 'Lock assets for a fixed term for higher rewards.' },
  { title: 'Flexible Savings', apy: 'Up to 8% APY', text: 'Earn daily and redeem any time.' },
  { title: 'DeFi Staking', apy: 'Up to 25% APY', text: 'Join on-chain staking without running a node.' },
  { title: 'Liquidity Farming', apy: 'Up to 30% APY', text: 'Provide liquidity and share trading fees.' },
];

const OFFERS = [
  { asset: 'BTC', apy: '5.2%', term: 'Flexible' },
  { asset: 'ETH', apy: '7.8%', term: '30 Days' },
  { asset: 'BNB', apy: '12.5%', term: '90 Days' },
  { asset: 'USDT', apy: '8.0%', term: 'Flexible' },
];

export default function Earn() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  const subscribe = (asset: string) => {
    if (!user) {
      navigate('/login');
      return;
    }
    enqueueSnackbar(`${asset} Earn subscriptions open soon`, { variant: 'info' });
  };

  return (
    <div className="page">
      <SiteHeader />
      <main className="container section">
        <h1 style={{ fontSize: 36, marginBottom: 8 }}>Earn</h1>
        <p className="muted" style={{ fontSize: 18, marginBottom: 32 }}>
          Put idle assets to work.
        </p>
        <div className="grid grid-4">
          {PRODUCTS.map((p) => (
            <div key={p.title} className="card">
              <h3 style={{ marginBottom: 6 }}>{p.title}</h3>
              <div className="up" style={{ fontSize: 20, fontWeight: 600, marginBottom: 8 }}>
                {p.apy}
              </div>
              <p className="muted small" style={{ margin: 0 }}>
                {p.text}
              </p>
            </div>
          ))}
        </div>
        <div className="card" style={{ marginTop: 32 }}>
          <table className="table">
            <thead>
              <tr>
                <th>Asset</th>
                <th>APY</th>
                <th>Duration</th>
                <th className="right">Action</th>
              </tr>
            </thead>
            <tbody>
              {OFFERS.map((o) => (
                <tr key={o.asset}>
                  <td>
                    <span className="row">
                      <CoinIcon symbol={`${o.asset}USDT`} size={24} />
                      <b>{o.asset}</b>
                    </span>
                  </td>
                  <td className="up num">{o.apy}</td>
                  <td>{o.term}</td>
                  <td className="right">
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => subscribe(o.asset)}>
                      Subscribe
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
