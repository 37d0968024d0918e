/** Simple trading: instant buy or sell against the house desk at the live quote. */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { simpleTradeApi, userApi } from '../api/endpoints';
import { marketApi } from '../api/market';
import type { AssetBalance, Quote } from '../api/types';
import { useSession } from '../auth/session';
import CoinIcon from '../components/CoinIcon';
import { ArrowLeftIcon, WalletIcon } from '../components/Icons';
import Tabs from '../components/Tabs';
import SiteHeader from '../layout/SiteHeader';
import { fixed, money, price, quantity, usd } from '../format';
import { DEFAULT_PAIR, useMarkets, type Markets } from '../markets';
import { usePolling, useRealtime } from '../realtime/useRealtime';
import { dollarPrice } from '../valuation';

type Kind = 'crypto' | 'forex';
/**
 * A quote with the house desk's two prices (buys fill at the ask, sells at the bid), which only the
 * server's quotes carry: the fallback has the mid price alone.
 */
type DeskQuote = Omit<Quote, 'bid' | 'ask'> & Partial<Pick<Quote, 'bid' | 'ask'>>;

/** Used only while /market/quotes cannot answer: crypto from tickers, forex simulated around its seed price. */
async function fallbackQuotes(markets: Markets): Promise<DeskQuote[]> {
  const tickers = await marketApi.tickers().catch(() => []);
  const crypto: DeskQuote[] = markets.simpleScreen.flatMap(({ symbol, name }) => {
    const t = tickers.find((x) => x.symbol === symbol);
    return t ? [{ symbol, name, price: t.last_price, kind: 'crypto' as const }] : [];
  });
  const forex: DeskQuote[] = markets.forexPairs.map(({ symbol, name, seed_price }) => {
    const base = Number(seed_price);
    return { symbol, name, price: base + (Math.random() - 0.5) * base * 0.002, kind: 'forex' as const };
  });
  return [...crypto, ...forex];
}

/** What a dollar account holds after trading the market: the coin, or the pair's other currency (EUR, JPY). */
const heldAssetOf = (markets: Markets, symbol: string): string =>
  markets.forexPair(symbol)?.asset ?? markets.info(symbol).base;

export default function SimpleTrading() {
  const { user, patchUser } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [params] = useSearchParams();
  const markets = useMarkets();
  const kindOf = (symbol: string): Kind => (markets.forexPair(symbol) ? 'forex' : 'crypto');
  /** The markets a tab lists. */
  const offered = (of: Kind) => (of === 'crypto' ? markets.simpleScreen : markets.forexPairs);
  const [kind, setKind] = useState<Kind>(() => kindOf(params.get('symbol') ?? ''));
  const [quotes, setQuotes] = useState<DeskQuote[]>([]);
  const [selected, setSelected] = useState<string>(
    () => params.get('symbol') ?? markets.simpleScreen[0]?.symbol ?? DEFAULT_PAIR,
  );
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [balance, setBalance] = useState(Number(user?.balance ?? 0));
  const [assets, setAssets] = useState<AssetBalance[]>([]);
  const kycApproved = user?.kyc_status === 'approved';

  const loadQuotes = useCallback(() => {
    marketApi
      .quotes()
      .catch(async (error) => {
        console.warn('trading: quotes unavailable, using fallback', error);
        return fallbackQuotes(markets);
      })
      .then(setQuotes)
      .catch((error) => console.warn('trading: no prices', error));
  }, [markets]);

  const loadBalance = useCallback(async () => {
    try {
      const { balance: value } = await userApi.balance();
      setBalance(Number(value));
      patchUser({ balance: Number(value) });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to fetch balance'), { variant: 'error' });
    }
    userApi
      .assets()
      .then(setAssets)
      .catch((error) => console.warn('trading: assets unavailable', error));
  }, [enqueueSnackbar, patchUser]);

  useEffect(() => {
    loadQuotes();
    void loadBalance();
  }, [loadQuotes, loadBalance]);

  const connected = useRealtime([], {
    quotes: (list) => setQuotes(list.map((q) => ({ ...q, price: Number(q.price) }))),
    balance: (event) => setBalance(Number(event.balance)),
    fill: () => void loadBalance(),
  });
  usePolling(loadQuotes, 5000, !connected);

  const list = offered(kind).map(({ symbol, name }) => ({
    symbol,
    name,
    price: quotes.find((q) => q.symbol === symbol)?.price ?? null,
  }));

  const current = quotes.find((q) => q.symbol === selected);
  const mid = current?.price ?? 0;
  // Without the desk's prices (the fallback quotes) the mid price is all there is; the server says if it moved.
  const fillPrice = { buy: current?.ask ?? mid, sell: current?.bid ?? mid };
  // A bid of null: the desk is not buying (its bid would round to 0 at the tick), so there is no sell.
  const deskBuys = current?.bid !== null;
  const spread = mid ? ((fillPrice.buy - fillPrice.sell) / mid) * 100 : 0;
  // A buy takes the base and pays amount x price of the quote: dollars, or yen for USDJPY.
  const base = markets.forexPair(selected)?.base ?? markets.info(selected).base;
  const quoteCurrency = markets.quoteCurrency(selected);
  const total = { buy: (Number(amount) || 0) * fillPrice.buy, sell: (Number(amount) || 0) * fillPrice.sell };
  const availableOf = (asset: string) =>
    asset === 'USD' ? balance : Number(assets.find((a) => a.asset === asset)?.available ?? 0);
  const heldAsset = heldAssetOf(markets, selected);
  const held = availableOf(heldAsset);
  const heldValue = held * dollarPrice(heldAsset, { forexPairs: markets.forexPairs, quotes });
  const tick = (symbol: string) => markets.priceStep(symbol);

  const trade = async (side: 'buy' | 'sell') => {
    const value = Number(amount);
    if (!amount || !Number.isFinite(value) || value <= 0) {
      enqueueSnackbar('Please enter a valid amount', { variant: 'error' });
      return;
    }
    if (!kycApproved) {
      enqueueSnackbar('KYC must be approved to trade', { variant: 'error' });
      return;
    }
    if (side === 'buy' && value * fillPrice.buy > availableOf(quoteCurrency)) {
      enqueueSnackbar('Insufficient balance', { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await simpleTradeApi.execute(selected, side, value, fillPrice[side]);
      enqueueSnackbar(`${side.toUpperCase()} order executed!`, { variant: 'success' });
      setAmount('');
      await loadBalance();
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Trade failed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const disabled = busy || !amount || !kycApproved || !mid;

  const switchKind = (next: Kind) => {
    setKind(next);
    const symbols = offered(next).map((m) => m.symbol);
    if (!symbols.includes(selected) && symbols.length > 0) setSelected(symbols[0]);
  };

  return (
    <div className="page">
      <SiteHeader
        heading={
          <div className="row">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label="Back to Dashboard"
              onClick={() => navigate('/dashboard')}
            >
              <ArrowLeftIcon size={16} />
              <span className="wide-only">Back to Dashboard</span>
            </button>
            <WalletIcon size={16} />
            <span className="muted small wide-only">Balance</span>
            <b className="num" data-testid="balance">
              {usd(balance)}
            </b>
          </div>
        }
      />
      <main className="container" style={{ padding: 24 }}>
        {!kycApproved && (
          <div className="notice" style={{ marginBottom: 16 }}>
            Complete KYC verification to start trading
          </div>
        )}
        <div className="grid split">
          <div className="card" style={{ padding: 12 }}>
            <Tabs
              items={[
                { key: 'crypto', label: 'Crypto' },
                { key: 'forex', label: 'Forex' },
              ]}
              active={kind}
              onChange={switchKind}
            />
            <div className="stack" style={{ gap: 2, marginTop: 8 }}>
              {list.map((q) => (
                <div
                  key={q.symbol}
                  role="button"
                  tabIndex={0}
                  className={`market-item${q.symbol === selected ? ' selected' : ''}`}
                  onClick={() => setSelected(q.symbol)}
                  onKeyDown={(e) => e.key === 'Enter' && setSelected(q.symbol)}
                >
                  <span className="row">
                    {kind === 'crypto' ? (
                      <CoinIcon symbol={q.symbol} />
                    ) : (
                      <span className="coin-icon" style={{ background: 'var(--panel-3)', color: 'var(--text)' }}>
                        FX
                      </span>
                    )}
                    <span>
                      <div style={{ fontWeight: 600 }}>{q.name}</div>
                      <div className="muted small">{q.symbol}</div>
                    </span>
                  </span>
                  <span className="num" style={{ fontWeight: 600 }}>
                    {q.price === null ? '--' : price(q.price, tick(q.symbol))}
                  </span>
                </div>
              ))}
            </div>
          </div>
          <div className="card stack">
            <h3>Place Order</h3>
            <div className="row between">
              <span style={{ fontWeight: 600 }}>{selected}</span>
              <span className="num accent" style={{ fontSize: 18, fontWeight: 600 }}>
                {mid ? price(mid, tick(selected)) : '--'}
              </span>
            </div>
            <div className="muted small" data-testid="settles-in">
              Buy {base} with {quoteCurrency} · Sell {base} for {quoteCurrency}
            </div>
            <div className="field">
              <label htmlFor="simple-amount">
                Amount <span className="muted">({base})</span>
              </label>
              <input
                id="simple-amount"
                className="input num"
                type="number"
                min="0"
                step="any"
                inputMode="decimal"
                placeholder="0.00"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </div>
            <div className="kv">
              <span>Buy price</span>
              <span className="num" data-testid="buy-price">
                {mid ? price(fillPrice.buy, tick(selected)) : '--'}
              </span>
            </div>
            <div className="kv">
              <span>Sell price</span>
              <span className="num" data-testid="sell-price">
                {mid && deskBuys ? price(fillPrice.sell, tick(selected)) : '--'}
              </span>
            </div>
            <div className="kv">
              <span>Spread</span>
              <span className="num">{fixed(spread, 2)}%</span>
            </div>
            <div className="kv">
              <span>Total</span>
              <span className="num" data-testid="total">
                {money(total.buy, quoteCurrency)} buy / {money(total.sell, quoteCurrency)} sell
              </span>
            </div>
            <div className="kv">
              <span>Available</span>
              <span className="num" data-testid="available">
                {money(availableOf(quoteCurrency), quoteCurrency)}
              </span>
            </div>
            <div className="kv">
              <span>Holding</span>
              <span className="num" data-testid="holding">
                {quantity(held, markets.assetStep(heldAsset))} {heldAsset}
                {held > 0 && <span className="muted"> ≈ {usd(heldValue)}</span>}
              </span>
            </div>
            <div className="grid grid-2" style={{ gap: 8 }}>
              <button type="button" className="btn btn-buy btn-lg" disabled={disabled} onClick={() => trade('buy')}>
                BUY
              </button>
              <button
                type="button"
                className="btn btn-sell btn-lg"
                disabled={disabled || !deskBuys}
                onClick={() => trade('sell')}
              >
                SELL
              </button>
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}
