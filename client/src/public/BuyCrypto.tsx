/** Quick-buy card priced from live tickers; Continue goes on to the simple trading screen. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { marketApi } from '../api/market';
import type { Quote, Ticker } from '../api/types';
import { useSession } from '../auth/session';
import { BankIcon, CardIcon, PhoneIcon } from '../components/Icons';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';
import { money, quantity, usd } from '../format';
import { useMarkets } from '../markets';

const FIATS = ['USD', 'EUR', 'GBP'] as const;
const ASSETS = ['BTC', 'ETH', 'BNB', 'SOL'] as const;
type Fiat = (typeof FIATS)[number];
/** What one quick buy may spend, in the chosen currency. */
const SPEND_LIMITS = { min: 10, max: 50_000 };

/** Why the amount cannot be spent, or null when it can: a plain number with at most 2 decimals, within the limits. */
function spendProblem(amount: string, fiat: Fiat): string | null {
  const text = amount.trim();
  if (text === '') return 'Enter an amount to spend';
  if (/^-\d*\.?\d+$/.test(text)) return 'Enter an amount above zero';
  if (!/^\d+(\.\d+)?$/.test(text)) return 'Enter the amount as a number, e.g. 100 or 250.50';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 'Use at most 2 decimals';
  const value = Number(text);
  if (value === 0) return 'Enter an amount above zero';
  if (value < SPEND_LIMITS.min) return `The least you can spend is ${money(SPEND_LIMITS.min, fiat)}`;
  if (value > SPEND_LIMITS.max) return `The most you can spend at once is ${money(SPEND_LIMITS.max, fiat)}`;
  return null;
}

export default function BuyCrypto() {
  const { user } = useSession();
  const navigate = useNavigate();
  const markets = useMarkets();
  const [amount, setAmount] = useState('100');
  const [fiat, setFiat] = useState<Fiat>('USD');
  const [asset, setAsset] = useState<(typeof ASSETS)[number]>('BTC');
  const [tickers, setTickers] = useState<Ticker[]>([]);
  const [quotes, setQuotes] = useState<Quote[]>([]);

  useEffect(() => {
    marketApi
      .tickers()
      .then(setTickers)
      .catch((error) => console.warn('buy-crypto: tickers unavailable', error));
    marketApi
      .quotes()
      .then(setQuotes)
      .catch((error) => console.warn('buy-crypto: quotes unavailable', error));
  }, []);

  // Until live prices answer, the catalog's seed prices stand in.
  const market = `${asset}USDT`;
  const priceUsd =
    tickers.find((t) => t.symbol === market)?.last_price ?? Number(markets.bookMarket(market)?.seed_price ?? 0);
  const fiatToUsd = (code: Fiat): number => {
    if (code === 'USD') return 1;
    const pair = `${code}USD`;
    return quotes.find((q) => q.symbol === pair)?.price ?? Number(markets.forexPair(pair)?.seed_price ?? 1);
  };
  const problem = spendProblem(amount, fiat);
  const spendUsd = problem ? 0 : Number(amount) * fiatToUsd(fiat);
  const receive = priceUsd > 0 ? spendUsd / priceUsd : 0;
  const rateInFiat = priceUsd / fiatToUsd(fiat);

  const onContinue = () => navigate(user ? `/trading?symbol=${asset}USDT` : '/register');

  return (
    <div className="page">
      <SiteHeader />
      <main className="container section">
        <div className="grid grid-2" style={{ alignItems: 'start', gap: 32 }}>
          <div>
            <h1 style={{ fontSize: 40, marginBottom: 12 }}>Buy Crypto</h1>
            <p className="muted" style={{ fontSize: 18 }}>
              Buy Bitcoin, Ethereum and more in a few clicks.
            </p>
            <h3 style={{ margin: '32px 0 12px' }}>Payment methods</h3>
            <div className="stack" style={{ gap: 10 }}>
              <div className="card row" style={{ padding: 14 }}>
                <CardIcon />{' '}
                <div>
                  <b>Card</b>
                  <div className="muted small">Visa, Mastercard</div>
                </div>
              </div>
              <div className="card row" style={{ padding: 14 }}>
                <BankIcon />{' '}
                <div>
                  <b>Bank transfer</b>
                  <div className="muted small">Deposit via your dashboard</div>
                </div>
              </div>
              <div className="card row" style={{ padding: 14 }}>
                <PhoneIcon />{' '}
                <div>
                  <b>Mobile payment</b>
                  <div className="muted small">Apple Pay, Google Pay</div>
                </div>
              </div>
            </div>
          </div>
          <div className="card stack">
            <h3>Quick Buy</h3>
            <div className="field">
              <label htmlFor="buy-amount">Spend</label>
              <div className="row">
                {/* Text, not a number input: what is typed stays as typed, and is told what is wrong with it. */}
                <input
                  id="buy-amount"
                  className="input num grow"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-invalid={problem !== null}
                  aria-describedby="buy-amount-problem"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
                <select
                  aria-label="Currency"
                  className="input"
                  style={{ width: 100 }}
                  value={fiat}
                  onChange={(e) => setFiat(e.target.value as Fiat)}
                >
                  {FIATS.map((f) => (
                    <option key={f}>{f}</option>
                  ))}
                </select>
              </div>
              {problem && (
                <div id="buy-amount-problem" className="down small" role="alert">
                  {problem}
                </div>
              )}
            </div>
            <div className="field">
              <label htmlFor="buy-asset">Receive</label>
              <select
                id="buy-asset"
                className="input"
                value={asset}
                onChange={(e) => setAsset(e.target.value as typeof asset)}
              >
                {ASSETS.map((a) => (
                  <option key={a}>{a}</option>
                ))}
              </select>
            </div>
            <div className="kv">
              <span>Rate</span>
              <span className="num">
                1 {asset} ≈ {money(rateInFiat, fiat)}
              </span>
            </div>
            <div className="kv">
              <span>You will receive</span>
              <span className="num">
                {problem ? '--' : `~${quantity(receive, markets.assetStep(asset))}`} {asset}
              </span>
            </div>
            <div className="kv">
              <span>Value</span>
              <span className="num">{problem ? '--' : usd(spendUsd)}</span>
            </div>
            <button
              type="button"
              className="btn btn-primary btn-lg btn-block"
              disabled={problem !== null}
              onClick={onContinue}
            >
              Continue
            </button>
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
