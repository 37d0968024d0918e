/**
 * Right column of the trade screen: Buy/Sell; Limit (post-only, take-profit / stop-loss), Market,
 * Stop-Limit, OCO and the other kinds (stop-market, take-profit), trailing stops; the balance's
 * share by slider with the most it buys or sells; live Available and an exact Total, and why the
 * form will not send what it holds.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { tradingApi } from '../api/endpoints';
import type { Side, TimeInForce } from '../api/types';
import { amount2, quantity } from '../format';
import { useMarkets } from '../markets';
import AmountSlider from './entry/AmountSlider';
import { exact, figure, maxAmount, percentOf, plain, share, shown } from './entry/figures';
import {
  countedPrice,
  entryFor,
  hasLimitPrice,
  isStop,
  MAIN_KINDS,
  MORE_KINDS,
  REQUIRED,
  totalOf,
  type EntryKind,
} from './order-entry';

import DecimalInput from './entry/DecimalInput';

const TIME_IN_FORCE: TimeInForce[] = ['GTC', 'IOC', 'FOK'];

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
  const markets = useMarkets();
  const lot = markets.lotStep(symbol);
  const tick = markets.priceStep(symbol);
  const [kind, setKind] = useState<EntryKind>('limit');
  const [price, setPrice] = useState('');
  const [stop, setStop] = useState('');
  const [stopLimit, setStopLimit] = useState('');
  const [amount, setAmount] = useState('');
  const [tif, setTif] = useState<TimeInForce>('GTC');
  const [postOnly, setPostOnly] = useState(false);
  const [trails, setTrails] = useState(false);
  const [trailing, setTrailing] = useState('');
  const [tpsl, setTpsl] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [busy, setBusy] = useState(false);
  /** The server's refusal of the last try, shown until the fields change. */
  const [refusal, setRefusal] = useState<string | null>(null);

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
    setTakeProfit('');
    setStopLoss('');
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
    takeProfit: kind === 'limit' && tpsl ? takeProfit : '',
    stopLoss: kind === 'limit' && tpsl ? stopLoss : '',
  };
  const market = { tick, lot, lastPrice };
  const entry = entryFor(symbol, fields, market);
  useEffect(() => setRefusal(null), [JSON.stringify(fields)]);
  const stopKind = isStop(kind);
  const moreKind = MORE_KINDS.some((k) => k.key === kind);

  const counted = countedPrice(fields, market);
  const last = lastPrice === null ? null : exact(lastPrice);
  const max = maxAmount(side, exact(side === 'buy' ? availableQuote : availableBase), counted ?? last, market);
  const orderTotal = totalOf(fields, market);
  const typedAmount = figure('Amount', amount, lot);
  const percent = percentOf(typedAmount.ok ? typedAmount.value : null, max);

  const onPercent = (pct: number) => {
    if (max === null) return;
    // A buy counted at the last price for want of a limit price takes that price.
    if (side === 'buy' && hasLimitPrice(kind) && kind !== 'oco' && !counted && last) setPrice(plain(last));
    setAmount(plain(share(max, pct, lot)));
  };
  /** What the form says under its inputs: why it will not send, or the server's refusal; nothing while fields are missing. */
  const problem = refusal ?? (entry.kind === 'invalid' && entry.message !== REQUIRED ? entry.message : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (entry.kind === 'invalid') {
      enqueueSnackbar(entry.message, { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      if (entry.kind === 'list') {
        await tradingApi.placeOrderList(entry.payload);
        const what = entry.payload.kind === 'oco' ? 'OCO' : 'order with TP/SL';
        enqueueSnackbar(`${side.toUpperCase()} ${what} placed!`, { variant: 'success' });
      } else {
        await tradingApi.placeOrder(entry.payload);
        enqueueSnackbar(`${side.toUpperCase()} order placed!`, { variant: 'success' });
      }
      clear();
      onPlaced();
    } catch (error) {
      const message = errorMessage(error, 'Failed to place order');
      enqueueSnackbar(message, { variant: 'error' });
      setRefusal(message);
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
          <DecimalInput label="Price" prefix="Limit" value={price} onChange={setPrice} />
          <div className="form-section small muted">Stop loss</div>
          <DecimalInput label="Stop" value={stop} onChange={setStop} />
          <DecimalInput label="Stop limit price" prefix="Limit" value={stopLimit} onChange={setStopLimit} />
        </>
      )}
      {stopKind && (
        <DecimalInput label="Stop" value={stop} onChange={setStop} placeholder={trails ? 'Optional' : undefined} />
      )}
      {stopKind && trails && (
        <label className="input-group">
          <span className="prefix">Trailing</span>
          <input
            aria-label="Trailing delta"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={trailing}
            onChange={(e) => setTrailing(e.target.value)}
          />
          <span className="suffix">%</span>
        </label>
      )}
      {kind !== 'oco' &&
        (hasLimitPrice(kind) ? (
          <DecimalInput label="Price" value={price} onChange={setPrice} />
        ) : (
          <div className="input-group" style={{ padding: '9px 10px' }}>
            <span className="prefix">Price</span>
            <span className="grow right muted small">Market price</span>
          </div>
        ))}
      <DecimalInput label="Amount" unit={base} value={amount} onChange={setAmount} />
      <AmountSlider side={side} base={base} lot={lot} percent={percent} max={max} onPercent={onPercent} />
      {kind === 'limit' && (
        <div className="entry-options">
          <label className="check">
            <input type="checkbox" checked={postOnly} onChange={(e) => setPostOnly(e.target.checked)} /> Post-only
          </label>
          <label className="check">
            <input type="checkbox" checked={tpsl} onChange={(e) => setTpsl(e.target.checked)} /> TP/SL
          </label>
          <select
            aria-label="Time in force"
            className="input"
            value={tif}
            onChange={(e) => setTif(e.target.value as TimeInForce)}
          >
            {TIME_IN_FORCE.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
      )}
      {kind === 'limit' && tpsl && (
        <>
          <DecimalInput label="Take profit" prefix="TP" value={takeProfit} onChange={setTakeProfit} />
          <DecimalInput label="Stop loss" prefix="SL" value={stopLoss} onChange={setStopLoss} />
        </>
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
        <span className="num" data-testid="order-total">
          {orderTotal === null ? '--' : `${hasLimitPrice(kind) ? '' : '≈ '}${shown(orderTotal)} USDT`}
        </span>
      </div>
      {problem !== null && (
        <div className="entry-problem" role="alert" data-testid="entry-problem">
          {problem}
        </div>
      )}
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
