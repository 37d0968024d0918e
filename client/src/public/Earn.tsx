/**
 * Earn: the products on offer (live, from the server), a subscribe dialog, and the signed-in
 * trader's positions with the interest credited so far, each redeemable when its terms allow.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { earnApi, userApi } from '../api/endpoints';
import type { EarnPosition, EarnProduct } from '../api/types';
import { useSession } from '../auth/session';
import CoinIcon from '../components/CoinIcon';
import StatusBadge from '../components/StatusBadge';
import { ratePercent, assetAmount, dateTime, earnTerm, exactDecimal, looseQuantity } from '../format';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';
import { usePolling, useRealtime } from '../realtime/useRealtime';
import EarnDialog from './EarnDialog';

/** The programmes: savings and staking show the best APY open now; the others are not offered yet. */
const PROGRAMMES: Array<{ title: string; kind: EarnProduct['kind'] | null; text: string }> = [
  { title: 'Locked Staking', kind: 'locked', text: 'Lock assets for a fixed term for higher rewards.' },
  { title: 'Flexible Savings', kind: 'flexible', text: 'Earn daily and redeem any time.' },
  { title: 'DeFi Staking', kind: null, text: 'Join on-chain staking without running a node.' },
  { title: 'Liquidity Farming', kind: null, text: 'Provide liquidity and share trading fees.' },
];

/** "Up to 12.5% APY" over the open products of a kind; null when none is open. */
const bestApy = (products: EarnProduct[], kind: EarnProduct['kind']): string | null => {
  const rates = products.filter((p) => p.kind === kind && p.status === 'open').map((p) => Number(p.apy));
  return rates.length === 0 ? null : `Up to ${ratePercent(String(Math.max(...rates)))} APY`;
};

/** While the socket is down, positions are read again this often (it pushes each change otherwise). */
const REFRESH_MS = 10_000;

/** The list with `position` as pushed: in its place, or first when new (the list is newest first). */
const withPosition = (positions: EarnPosition[], position: EarnPosition) =>
  positions.some((p) => p.id === position.id)
    ? positions.map((p) => (p.id === position.id ? position : p))
    : [position, ...positions];

/** A USD product is the dollar balance, shown with the USDT coin as the markets show it. */
const coinOf = (asset: string) => `${asset === 'USD' ? 'USDT' : asset}USDT`;

/** Whether a position may be redeemed now: a flexible one while active, a locked one once its term is over. */
const redeemable = (position: EarnPosition) =>
  position.status === 'active' && (position.matures_at === null || Date.parse(position.matures_at) <= Date.now());

export default function Earn() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [products, setProducts] = useState<EarnProduct[] | null>(null);
  const [positions, setPositions] = useState<EarnPosition[]>([]);
  const [subscribing, setSubscribing] = useState<EarnProduct | null>(null);
  const [available, setAvailable] = useState<number | null>(null);
  const [redeeming, setRedeeming] = useState<string | null>(null);
  const isTrader = Boolean(user && !user.is_admin);

  const loadPositions = useCallback(() => {
    if (!isTrader) return;
    earnApi
      .positions()
      .then(setPositions)
      .catch((error: unknown) => console.warn('earn: positions unavailable', error));
  }, [isTrader]);

  useEffect(() => {
    earnApi
      .products()
      .then(setProducts)
      .catch((error: unknown) => {
        setProducts([]);
        enqueueSnackbar(errorMessage(error, 'Failed to fetch data'), { variant: 'error' });
      });
  }, [enqueueSnackbar]);

  const connected = useRealtime([], {
    'earn-position': (position) => {
      if (isTrader) setPositions((current) => withPosition(current, position));
    },
  });
  usePolling(loadPositions, REFRESH_MS, !connected);
  // Read on opening, and again when the socket (re)connects: what it missed meanwhile.
  useEffect(() => {
    loadPositions();
  }, [loadPositions, connected]);

  const openSubscribe = (product: EarnProduct) => {
    if (!user) {
      navigate('/login');
      return;
    }
    setAvailable(null);
    setSubscribing(product);
    userApi
      .assets()
      .then((assets) => setAvailable(assets.find((a) => a.asset === product.asset)?.available ?? 0))
      .catch(() => setAvailable(0));
  };

  const subscribe = async (product: EarnProduct, amount: string) => {
    try {
      await earnApi.subscribe(product.id, amount);
      enqueueSnackbar(`Subscribed ${exactDecimal(amount)} ${product.asset} to Earn!`, { variant: 'success' });
      loadPositions();
      return true;
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to subscribe'), { variant: 'error' });
      return false;
    }
  };

  const redeem = async (position: EarnPosition) => {
    setRedeeming(position.id);
    try {
      await earnApi.redeem(position.id);
      enqueueSnackbar('Position redeemed', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to redeem'), { variant: 'error' });
    }
    setRedeeming(null);
    loadPositions();
  };

  return (
    <div className="page">
      <SiteHeader />
      <main className="container section earn-page">
        <h1 className="page-title">Earn</h1>
        <p className="muted page-lead">Put idle assets to work.</p>
        <div className="grid grid-4">
          {PROGRAMMES.map((p) => {
            const apy = p.kind && products ? bestApy(products, p.kind) : null;
            return (
              <div key={p.title} className="card" data-testid={`earn-programme-${p.title}`}>
                <h3 style={{ marginBottom: 6 }}>{p.title}</h3>
                <div className={apy ? 'up' : 'muted'} style={{ fontSize: 20, fontWeight: 600, marginBottom: 8 }}>
                  {apy ?? (p.kind && !products ? '\u00a0' : 'Coming soon')}
                </div>
                <p className="muted small" style={{ margin: 0 }}>
                  {p.text}
                </p>
              </div>
            );
          })}
        </div>
        <div className="card earn-card">
          <h3>Products</h3>
          <div className="table-wrap">
            <table className="table" data-testid="earn-products">
              <thead>
                <tr>
                  <th>Asset</th>
                  <th>APY</th>
                  <th>Duration</th>
                  <th className="right earn-wide">Minimum</th>
                  <th className="right">Action</th>
                </tr>
              </thead>
              <tbody>
                {products?.length === 0 && (
                  <tr>
                    <td colSpan={5} className="empty">
                      No Earn products yet
                    </td>
                  </tr>
                )}
                {products?.map((p) => (
                  <tr key={p.id} data-testid={`earn-product-${p.id}`}>
                    <td>
                      <span className="row">
                        <CoinIcon symbol={coinOf(p.asset)} size={24} />
                        <b>{p.asset}</b>
                      </span>
                    </td>
                    <td className="up num">{ratePercent(p.apy)}</td>
                    <td>{earnTerm(p)}</td>
                    <td className="right num earn-wide">{assetAmount(p.min_amount, p.asset)}</td>
                    <td className="right">
                      {p.status === 'open' ? (
                        <button type="button" className="btn btn-primary btn-sm" onClick={() => openSubscribe(p)}>
                          Subscribe
                        </button>
                      ) : (
                        <StatusBadge status={p.status} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        {isTrader && (
          <div className="card earn-card">
            <h3>My Positions</h3>
            <div className="table-wrap">
              <table className="table" data-testid="earn-positions">
                <thead>
                  <tr>
                    <th>Asset</th>
                    <th className="right">Amount</th>
                    <th className="earn-wide">APY</th>
                    <th className="right">Accrued</th>
                    <th className="earn-wide">Matures</th>
                    <th className="earn-wide">Status</th>
                    <th className="right">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {positions.length === 0 && (
                    <tr>
                      <td colSpan={7} className="empty">
                        No Earn positions yet
                      </td>
                    </tr>
                  )}
                  {positions.map((p) => (
                    <tr key={p.id} data-testid={`earn-position-${p.id}`}>
                      <td>
                        <b>{p.asset}</b>
                        <div className="muted small">{p.kind === 'flexible' ? 'Flexible' : 'Locked'}</div>
                      </td>
                      <td className="right num">{assetAmount(p.amount, p.asset)}</td>
                      <td className="up num earn-wide">{ratePercent(p.apy)}</td>
                      <td className="right num" data-testid="earn-accrued" title={exactDecimal(p.accrued)}>
                        {looseQuantity(p.accrued)}
                      </td>
                      <td className="small earn-wide">{p.matures_at ? dateTime(p.matures_at) : '—'}</td>
                      <td className="earn-wide">
                        <StatusBadge status={p.status} />
                      </td>
                      <td className="right">
                        {p.status !== 'active' && (
                          <span className="earn-narrow">
                            <StatusBadge status={p.status} />
                          </span>
                        )}
                        {p.status === 'active' && (
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm"
                            disabled={!redeemable(p) || redeeming === p.id}
                            title={redeemable(p) ? undefined : 'A locked position is paid back at maturity'}
                            onClick={() => void redeem(p)}
                          >
                            {redeeming === p.id ? 'Redeeming...' : 'Redeem'}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </main>
      <SiteFooter />
      {subscribing && (
        <EarnDialog
          product={subscribing}
          available={available}
          onSubscribe={(amount) => subscribe(subscribing, amount)}
          onClose={() => setSubscribing(null)}
        />
      )}
    </div>
  );
}
