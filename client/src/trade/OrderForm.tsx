/**
 * Right column of the trade screen: Buy/Sell; Limit, Market, Stop-Limit and the other kinds
 * (stop-market, take-profit, OCO), trailing stops; live Available and Total.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { tradingApi } from '../api/endpoints';
import type { Side, TimeInForce } from '../api/types';
import { amount2, decimalsOf, quantity } from '../format';
import { useMarkets } from '../markets';
import { entryFor, hasLimitPrice, isStop, MAIN_KINDS, MORE_KINDS, unitPrice, type EntryKind } from './order-entry';

const PERCENTS = [25, 50, 75, 100];
const TIME_IN_FORCE: TimeInForce[] = ['GTC', 'IOC', 'FOK'];
/** Kept aside on a buy so the reserved fee still fits in the balance (taker fee at most 0.1%). */
const FEE_BUFFER = 1.001;

const floorTo = (value: number, decimals: number): string => {
  const factor = 10 ** decimals;
  return (Math.floor(value * factor) / factor).toFixed(decimals).replace(/\.?0+$/, '');
};

/** A price input of the form, in USDT. */
function PriceInput({
  label,
  prefix = label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  prefix?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <label className="input-group">
      <span className="prefix">{prefix}</span>
      <input
        aria-label={label}
        type="number"
        min="0"
        step="any"
        inputMode="decimal"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="suffix">USDT</span>
    </label>
  );
}

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
  const [kind, setKind] = useState<EntryKind>('limit');
  const [price, setPrice] = useState('');
  const [stop, setStop] = useState('');
  const [stopLimit, setStopLimit] = useState('');
  const [amount, setAmount] = useState('');
  const [tif, setTif] = useState<TimeInForce>('GTC');
  const [postOnly, setPostOnly] = useState(false);
  const [trails, setTrails] = useState(false);
  const [trailing, setTrailing] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (priceHint) setPrice(String(priceHint.price));
  }, [priceHint]);

  const clear = () => {
    setPrice('');
    setStop('');
    setStopLimit('');
    setAmount('');
    setTrails(false);
    setTrailing('');
  };
  useEffect(clear, [symbol]);

  const fields = {
    side,
    kind,
    amount,
    price,
    stop,
    stopLimit,
    timeInForce: tif,
    postOnly,
    trailing: trails ? trailing : '',
  };
  const unit = unitPrice(fields, lastPrice);
  const total = unit * (Number(amount) || 0);
  const available = side === 'buy' ? availableQuote : availableBase;
  const stopKind = isStop(kind);
  const moreKind = MORE_KINDS.some((k) => k.key === kind);

  const fillPercent = (pct: number) => {
    if (side === 'sell') {
      setAmount(floorTo((availableBase * pct) / 100, decimalsOf(lot)));
      return;
    }
    const at = unit || lastPrice || 0;
    if (at <= 0) return;
    if (hasLimitPrice(kind) && !price) setPrice(String(at));
    setAmount(floorTo((availableQuote * pct) / 100 / (at * FEE_BUFFER), decimalsOf(lot)));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const entry = entryFor(symbol, fields);
    if (entry.kind === 'invalid') {
      enqueueSnackbar(entry.message, { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      if (entry.kind === 'list') {
        await tradingApi.placeOrderList(entry.payload);
        enqueueSnackbar(`${side.toUpperCase()} OCO placed!`, { variant: 'success' });
      } else {
        await tradingApi.placeOrder(entry.payload);
        enqueueSnackbar(`${side.toUpperCase()} order placed!`, { variant: 'success' });
      }
      clear();
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
        {MAIN_KINDS.map((k) => (
          <button
            key={k.key}
            type="button"
            className={`pill${kind === k.key ? ' active' : ''}`}
            onClick={() => setKind(k.key)}
          >
            {k.label}
          </button>
        ))}
        <span className={`pill pill-select${moreKind ? ' active' : ''}`}>
          <select
            aria-label="More order types"
            value={moreKind ? kind : ''}
            onChange={(e) => e.target.value && setKind(e.target.value as EntryKind)}
          >
            <option value="">More</option>
            {MORE_KINDS.map((k) => (
              <option key={k.key} value={k.key}>
                {k.label}
              </option>
            ))}
          </select>
        </span>
      </div>
      <div className="kv">
        <span>Available</span>
        <span className="num">
          {side === 'buy' ? `${amount2(availableQuote)} USDT` : `${quantity(availableBase, lot)} ${base}`}
        </span>
      </div>
      {kind === 'oco' && (
        <>
          <div className="form-section small muted">Take profit</div>
          <PriceInput label="Price" prefix="Limit" value={price} onChange={setPrice} />
          <div className="form-section small muted">Stop loss</div>
          <PriceInput label="Stop" value={stop} onChange={setStop} />
          <PriceInput label="Stop limit price" prefix="Limit" value={stopLimit} onChange={setStopLimit} />
        </>
      )}
      {stopKind && (
        <PriceInput label="Stop" value={stop} onChange={setStop} placeholder={trails ? 'Optional' : undefined} />
      )}
      {stopKind && trails && (
        <label className="input-group">
          <span className="prefix">Trailing</span>
          <input
            aria-label="Trailing delta"
            type="number"
            min="0"
            step="any"
            inputMode="decimal"
            value={trailing}
            onChange={(e) => setTrailing(e.target.value)}
          />
          <span className="suffix">%</span>
        </label>
      )}
      {kind !== 'oco' &&
        (hasLimitPrice(kind) ? (
          <PriceInput label="Price" value={price} onChange={setPrice} />
        ) : (
          <div className="input-group" style={{ padding: '9px 10px' }}>
            <span className="prefix">Price</span>
            <span className="grow right muted small">Market price</span>
          </div>
        ))}
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
      {kind === 'limit' && (
        <div className="kv" style={{ alignItems: 'center' }}>
          <label className="check">
            <input type="checkbox" checked={postOnly} onChange={(e) => setPostOnly(e.target.checked)} /> Post-only
          </label>
          <span className="grow right">Time in force</span>
          <select
            aria-label="Time in force"
            className="input"
            style={{ width: 70, padding: '3px 6px', fontSize: 12, marginLeft: 6 }}
            value={tif}
            onChange={(e) => setTif(e.target.value as TimeInForce)}
          >
            {TIME_IN_FORCE.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
      )}
      {stopKind && (
        <div className="kv">
          <label className="check">
            <input type="checkbox" checked={trails} onChange={(e) => setTrails(e.target.checked)} /> Trailing
          </label>
        </div>
      )}
      <div className="kv">
        <span>Total</span>
        <span className="num">
          {hasLimitPrice(kind) ? '' : '≈ '}
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
