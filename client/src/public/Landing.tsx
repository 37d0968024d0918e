import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { marketApi, normaliseTicker } from '../api/market';
import type { Ticker } from '../api/types';
import CoinIcon from '../components/CoinIcon';
import { BoltIcon, HeadsetIcon, PlayIcon, ShieldIcon } from '../components/Icons';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';
import { decimalsOf, percent, usd } from '../format';
import { useMarkets } from '../markets';
import { usePolling, useRealtime } from '../realtime/useRealtime';

/** Shown until (or if never) live tickers arrive. */
const STATIC_COINS: Ticker[] = [
  { symbol: 'BTCUSDT', last_price: 110000, price_change_percent: 1.24 },
  { symbol: 'ETHUSDT', last_price: 3950, price_change_percent: 2.05 },
  { symbol: 'BNBUSDT', last_price: 690, price_change_percent: -0.42 },
  { symbol: 'SOLUSDT', last_price: 185, price_change_percent: 3.18 },
  { symbol: 'XRPUSDT', last_price: 2.5, price_change_percent: -1.1 },
].map((c) => ({ ...c, price_change: 0, high: 0, low: 0, volume: 0, quote_volume: 0 }));
const POPULAR = STATIC_COINS.map((c) => c.symbol);
const POLL_MS = 5000;

const NEWS = [
  'Bitcoin holds above key support as spot volumes climb',
  'New listing: more USDT pairs coming to the spot market',
  'Security update: passkeys and withdrawal allow-lists',
];

const FEATURES = [
  {
    icon: <ShieldIcon size={22} />,
    title: 'Secure & Reliable',
    text: 'Funds held in segregated accounts, every movement double-entry audited.',
  },
  {
    icon: <BoltIcon size={22} />,
    title: 'Lightning Fast',
    text: 'An in-memory matching engine with real-time order books and fills.',
  },
  {
    icon: <HeadsetIcon size={22} />,
    title: '24/7 Support',
    text: 'Our team answers around the clock, whatever the market is doing.',
  },
];

export default function Landing() {
  const { enqueueSnackbar } = useSnackbar();
  const [coins, setCoins] = useState<Ticker[]>(STATIC_COINS);
  const markets = useMarkets();

  const load = useCallback(() => {
    marketApi
      .tickers()
      .then((list) => setCoins((shown) => shown.map((c) => list.find((t) => t.symbol === c.symbol) ?? c)))
      .catch((error) => console.warn('landing: tickers unavailable', error));
  }, []);
  useEffect(load, [load]);

  // Live: each coin's ticker as its room pushes it, or read again every few seconds while the socket is down.
  const connected = useRealtime(POPULAR, {
    ticker: (update) => {
      const next = normaliseTicker(update);
      setCoins((shown) => shown.map((c) => (c.symbol === next.symbol ? next : c)));
    },
  });
  usePolling(load, POLL_MS, !connected);

  return (
    <div className="page">
      <SiteHeader />
      <main className="container">
        <section className="hero">
          <div>
            <h1>
              <span className="accent">Buy, trade and hold</span>
              350+ cryptocurrencies
            </h1>
            <p className="muted" style={{ fontSize: 18, marginBottom: 28 }}>
              Trade 350+ coins with deep liquidity, low fees and real-time markets.
            </p>
            <div className="row wrap" style={{ gap: 12 }}>
              <Link to="/register" className="btn btn-primary btn-lg">
                Verify Now
              </Link>
              <button
                type="button"
                className="btn btn-ghost btn-lg"
                onClick={() => enqueueSnackbar('Tutorial videos are coming soon', { variant: 'info' })}
              >
                <PlayIcon size={18} />
                Watch Tutorial
              </button>
            </div>
            <div className="card" style={{ marginTop: 32, maxWidth: 360 }}>
              <div className="card-title">Your Estimated Balance</div>
              <div className="big-number num">{usd(0)}</div>
              <Link to="/register" className="small">
                Sign up to start trading →
              </Link>
            </div>
          </div>
          <div className="stack">
            <div className="card">
              <div className="row between" style={{ marginBottom: 8 }}>
                <h3>Popular</h3>
                <Link to="/markets" className="small">
                  View all 350+ coins →
                </Link>
              </div>
              {coins.map((coin) => (
                <Link
                  key={coin.symbol}
                  to={`/trade?pair=${coin.symbol}`}
                  className="coin-row"
                  style={{ color: 'inherit' }}
                >
                  <span className="row">
                    <CoinIcon symbol={coin.symbol} />
                    <span>
                      <b>{markets.info(coin.symbol).base}</b>{' '}
                      <span className="muted small">{markets.info(coin.symbol).name}</span>
                    </span>
                  </span>
                  <span className="right">
                    <div className="num" data-testid={`price-${coin.symbol}`}>
                      {usd(coin.last_price, decimalsOf(markets.priceStep(coin.symbol)))}
                    </div>
                    <div className={`num small ${coin.price_change_percent >= 0 ? 'up' : 'down'}`}>
                      {percent(coin.price_change_percent)}
                    </div>
                  </span>
                </Link>
              ))}
            </div>
            <div className="card">
              <h3 style={{ marginBottom: 8 }}>News</h3>
              {NEWS.map((line) => (
                <div key={line} className="small" style={{ padding: '6px 0' }}>
                  {line}
                </div>
              ))}
            </div>
          </div>
        </section>

        <section className="section">
          <h2 style={{ fontSize: 28, marginBottom: 24, textAlign: 'center' }}>Why trade with us</h2>
          <div className="grid grid-3">
            {FEATURES.map((f) => (
              <div key={f.title} className="card feature-card">
                <div className="feature-icon">{f.icon}</div>
                <h3>{f.title}</h3>
                <p className="muted" style={{ margin: 0 }}>
                  {f.text}
                </p>
              </div>
            ))}
          </div>
        </section>

        <section className="section">
          <div className="cta">
            <h2 style={{ fontSize: 32, marginBottom: 12 }}>Start earning today</h2>
            <p className="muted" style={{ marginBottom: 24 }}>
              Create an account in minutes and trade 350+ coins.
            </p>
            <Link to="/register" className="btn btn-primary btn-lg">
              Get Started
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
