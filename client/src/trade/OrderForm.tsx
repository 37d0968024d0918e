/** Right column of the trade screen: Buy/Sell, Limit/Market/Stop-Limit, live Available and Total. */
import { useEffect, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { tradingApi } from '../api/endpoints';
import type { OrderType, Side, TimeInForce } from '../api/types';
import { amount2, decimalsOf, quantity, slashSymbol } from '../format';
import { useMarkets } from '../markets';

const TYPES: { key: OrderType; label: string }[] = [
  { key: 'limit', label: 'Limit' },
  { key: 'market', label: 'Market' },
  { key: 'stop_limit', label: 'Stop-Limit' },
];
const PERCENTS = [25, 50, 75, 100];
const TIME_IN_FORCE: TimeInForce[] = ['GTC', 'IOC', 'FOK'];
/** Kept aside on a buy so the reserved fee still fits in the balance (taker fee at most 0.1%). */
const FEE_BUFFER = 1.001;

const floorTo = (value: number, decimals: number): string => {
  const factor = 10 ** decimals;
  return (Math.floor(value * factor) / factor).toFixed(decimals).replace(/\.?0+$/, '');
};

export interface PriceHint {
  price: number;
  /** Changes on every click so picking the same price twice still fills the form. */
  nonce: number;
}

export default function OrderForm({
  side,
  onSideChange,
  symbol,
  base,
  lastPrice,
  availableQuote,
  availableBase,
  kycApproved,
  closedReason = null,
  priceHint,
  onPlaced,
  keepToastsClear = false,
}: {
  /** Chosen by the trade screen, so its phone bar's Buy and Sell buttons open the form on that side. */
  side: Side;
  onSideChange: (side: Side) => void;
  symbol: string;
  base: string;
  lastPrice: number | null;
  availableQuote: number;
  availableBase: number;
  kycApproved: boolean;
  /** Why the market takes no new orders now (halted, cancel-only); null while it trades. */
  closedReason?: string | null;
  priceHint: PriceHint | null;
  onPlaced: () => void;
  /** Toasts start below the Buy / Sell switch (when the form sits in their corner of the screen). */
  keepToastsClear?: boolean;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const lot = useMarkets().lotStep(symbol);
  const [type, setType] = useState<OrderType>('limit');
  const [price, setPrice] = useState('');
  const [stop, setStop] = useState('');
  const [amount, setAmount] = useState('');
  const [tif, setTif] = useState<TimeInForce>('GTC');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (priceHint) setPrice(String(priceHint.price));
  }, [priceHint]);

  useEffect(() => {
    setPrice('');
    setStop('');
    setAmount('');
  }, [symbol]);

  const effectivePrice = type === 'market' ? (lastPrice ?? 0) : Number(price) || 0;
  const total = effectivePrice * (Number(amount) || 0);
  const available = side === 'buy' ? availableQuote : availableBase;

  const fillPercent = (pct: number) => {
    if (side === 'sell') {
      setAmount(floorTo((availableBase * pct) / 100, decimalsOf(lot)));
      return;
    }
    const unitPrice = type === 'market' ? (lastPrice ?? 0) : Number(price) || lastPrice || 0;
    if (unitPrice <= 0) return;
    if (type !== 'market' && !price) setPrice(String(unitPrice));
    setAmount(floorTo((availableQuote * pct) / 100 / (unitPrice * FEE_BUFFER), decimalsOf(lot)));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const needsPrice = type !== 'market';
    if (!amount || (needsPrice && !price) || (type === 'stop_limit' && !stop)) {
      enqueueSnackbar('Please fill all required fields', { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await tradingApi.placeOrder({
        symbol: slashSymbol(symbol),
        side,
        type,
        amount: parseFloat(amount),
        price: needsPrice && price ? parseFloat(price) : null,
        ...(type === 'stop_limit' ? { stop_price: parseFloat(stop) } : {}),
        ...(type === 'limit' ? { time_in_force: tif } : {}),
      });
      enqueueSnackbar(`${side.toUpperCase()} order placed!`, { variant: 'success' });
      setPrice('');
      setStop('');
      setAmount('');
      onPlaced();
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to place order'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="trade-panel order-form" onSubmit={onSubmit} data-testid="order-form">
      <div className="side-switch" data-toasts-below={keepToastsClear || undefined}>
        <button type="button" className={`buy${side === 'buy' ? ' on' : ''}`} onClick={() => onSideChange('buy')}>
          Buy
        </button>
        <button type="button" className={`sell${side === 'sell' ? ' on' : ''}`} onClick={() => onSideChange('sell')}>
          Sell
        </button>
      </div>
      <div className="pill-tabs">
        {TYPES.map((t) => (
          <button
            key={t.key}
            type="button"
            className={`pill${type === t.key ? ' active' : ''}`}
            onClick={() => setType(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="kv">
        <span>Available</span>
        <span className="num">
          {side === 'buy' ? `${amount2(availableQuote)} USDT` : `${quantity(availableBase, lot)} ${base}`}
        </span>
      </div>
      {type === 'stop_limit' && (
        <label className="input-group">
          <span className="prefix">Stop</span>
          <input
            aria-label="Stop"
            type="number"
            min="0"
            step="any"
            inputMode="decimal"
            value={stop}
            onChange={(e) => setStop(e.target.value)}
          />
          <span className="suffix">USDT</span>
        </label>
      )}
      {type !== 'market' ? (
        <label className="input-group">
          <span className="prefix">Price</span>
          <input
            aria-label="Price"
            type="number"
            min="0"
            step="any"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
          <span className="suffix">USDT</span>
        </label>
      ) : (
        <div className="input-group" style={{ padding: '9px 10px' }}>
          <span className="prefix">Price</span>
          <span className="grow right muted small">Market price</span>
        </div>
      )}
      <label className="input-group">
        <span className="prefix">Amount</span>
        <input
          aria-label="Amount"
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <span className="suffix">{base}</span>
      </label>
      <div className="pct-row">
        {PERCENTS.map((pct) => (
          <button key={pct} type="button" onClick={() => fillPercent(pct)} disabled={available <= 0}>
            {pct}%
          </button>
        ))}
      </div>
      {type === 'limit' && (
        <div className="kv" style={{ alignItems: 'center' }}>
          <span>Time in force</span>
          <select
            aria-label="Time in force"
            className="input"
            style={{ width: 90, padding: '3px 6px', fontSize: 12 }}
            value={tif}
            onChange={(e) => setTif(e.target.value as TimeInForce)}
          >
            {TIME_IN_FORCE.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
      )}
      <div className="kv">
        <span>Total</span>
        <span className="num">
          {type === 'market' ? '≈ ' : ''}
          {amount2(total)} USDT
        </span>
      </div>
      <button
        type="submit"
        className={`btn btn-lg btn-block ${side === 'buy' ? 'btn-buy' : 'btn-sell'}`}
        disabled={busy || !kycApproved || closedReason !== null}
      >
        {busy ? 'Placing...' : `${side === 'buy' ? 'Buy' : 'Sell'} ${base}`}
      </button>
      {closedReason !== null && (
        <div className="small down" style={{ textAlign: 'center' }} data-testid="market-closed">
          {closedReason}
        </div>
      )}
      {!kycApproved && (
        <div className="muted small" style={{ textAlign: 'center' }}>
          Complete KYC to start trading
        </div>
      )}
    </form>
  );
}
