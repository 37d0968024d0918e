/**
 * Admin's Markets tab: every listed market with its status and fees; list a new USDT pair, halt,
 * resume, set fees; cancel a closed market's orders and change its tick, lot and minimum value.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { adminApi } from '../api/endpoints';
import type { AdminMarket, MarketChange, MarketStatus } from '../api/types';
import { MarketStatusBadge } from '../markets';
import AdminTable from './AdminTable';
import type { Act } from './useAdminData';

const EMPTY_LISTING = { base_asset: '', tick_size: '', lot_size: '', min_notional: '', reference_price: '' };

const LISTING_FIELDS = [
  { key: 'base_asset', id: 'market-base', label: 'Base Asset', placeholder: 'DOGE' },
  { key: 'tick_size', id: 'market-tick', label: 'Tick Size', placeholder: '0.00001' },
  { key: 'lot_size', id: 'market-lot', label: 'Lot Size', placeholder: '1' },
  { key: 'min_notional', id: 'market-min', label: 'Min Order Value (USDT)', placeholder: '5' },
  { key: 'reference_price', id: 'market-price', label: 'Reference Price (USDT)', placeholder: '0.25' },
] as const;

/**
 * The status changes offered from each status, with their button and toast; `confirm`: the button
 * acts on a second press, which it asks for with this label (a halt stops every trader at once).
 */
const STATUS_ACTIONS: Record<MarketStatus, { to: MarketStatus; label: string; done: string; confirm?: string }[]> = {
  trading: [
    { to: 'halted', label: 'Halt', done: 'Market halted', confirm: 'Confirm Halt' },
    { to: 'cancel_only', label: 'Cancel-only', done: 'Market set to cancel-only' },
  ],
  cancel_only: [
    { to: 'trading', label: 'Resume', done: 'Market resumed' },
    { to: 'halted', label: 'Halt', done: 'Market halted', confirm: 'Confirm Halt' },
  ],
  halted: [{ to: 'trading', label: 'Resume', done: 'Market resumed' }],
};

/** A book's rules as typed in its row. */
type RulesDraft = { symbol: string; tick_size: string; lot_size: string; min_notional: string };
const RULE_FIELDS = [
  { key: 'tick_size', label: 'Tick size' },
  { key: 'lot_size', label: 'Lot size' },
  { key: 'min_notional', label: 'Min order value' },
] as const;

const percentOf = (rate: string) => `${(Number(rate) * 100).toFixed(3).replace(/\.?0+$/, '')}%`;

export default function MarketsTab({ act }: { act: Act }) {
  const [markets, setMarkets] = useState<AdminMarket[]>([]);
  const [listing, setListing] = useState<typeof EMPTY_LISTING | null>(null);
  /** The market whose fees are being edited, with the rates typed so far. */
  const [fees, setFees] = useState<{ symbol: string; maker: string; taker: string } | null>(null);
  /** The market whose rules are being edited (its book must be empty), with the values typed so far. */
  const [rules, setRules] = useState<RulesDraft | null>(null);
  /** The button pressed once that acts on a second press (a market's Halt or Cancel Orders), as `symbol:action`. */
  const [armed, setArmed] = useState<string | null>(null);
  /** A press of such a button: the first arms it, the second runs `run`. */
  const confirmed = (key: string, run: () => void) => () => {
    setArmed(armed === key ? null : key);
    if (armed === key) run();
  };

  const load = useCallback(() => {
    adminApi
      .markets()
      .then(setMarkets)
      .catch((error: unknown) => console.warn('admin: markets unavailable', error));
  }, []);
  useEffect(load, [load]);

  const change = async (symbol: string, body: MarketChange, done: string) => {
    const ok = await act(() => adminApi.changeMarket(symbol, body), done, 'Failed to update market');
    load();
    return ok;
  };

  const onList = async (event: FormEvent) => {
    event.preventDefault();
    if (!listing) return;
    const base_asset = listing.base_asset.trim().toUpperCase();
    const market = { ...listing, base_asset, symbol: `${base_asset}USDT` };
    if (await act(() => adminApi.listMarket(market), 'Market listed', 'Failed to list market')) setListing(null);
    load();
  };

  const onSaveFees = async (event: FormEvent) => {
    event.preventDefault();
    if (!fees) return;
    const body = { maker_fee_rate: fees.maker.trim(), taker_fee_rate: fees.taker.trim() };
    if (await change(fees.symbol, body, 'Fees updated')) setFees(null);
  };

  const onSaveRules = async (event: FormEvent) => {
    event.preventDefault();
    if (!rules) return;
    const { symbol, ...typed } = rules;
    const body = Object.fromEntries(Object.entries(typed).map(([key, value]) => [key, value.trim()]));
    if (await change(symbol, body, 'Market rules updated')) setRules(null);
  };

  const cancelOrders = async (symbol: string) => {
    await act(() => adminApi.cancelMarketOrders(symbol), 'Open orders cancelled', 'Failed to cancel orders');
  };

  return (
    <div className="stack">
      <div className="row between">
        <h3>Markets</h3>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setListing((open) => (open ? null : EMPTY_LISTING))}
        >
          {listing ? 'Cancel' : 'List Market'}
        </button>
      </div>
      {listing && (
        <form className="grid grid-3" onSubmit={onList} style={{ alignItems: 'end' }} aria-label="List a market">
          {LISTING_FIELDS.map((field) => (
            <div key={field.key} className="field">
              <label htmlFor={field.id}>{field.label}</label>
              <input
                id={field.id}
                className="input"
                placeholder={field.placeholder}
                value={listing[field.key]}
                onChange={(e) => setListing({ ...listing, [field.key]: e.target.value })}
              />
            </div>
          ))}
          <div>
            <button type="submit" className="btn btn-primary">
              List {listing.base_asset.trim().toUpperCase() || 'New'}/USDT
            </button>
          </div>
        </form>
      )}
      <AdminTable
        columns={['Market', 'Status', 'Tick', 'Lot', 'Min Value', 'Maker Fee', 'Taker Fee', 'Actions']}
        rightAligned={['Tick', 'Lot', 'Min Value', 'Maker Fee', 'Taker Fee', 'Actions']}
      >
        {markets.map((m) => (
          <tr key={m.symbol} data-testid={`market-${m.symbol}`}>
            <td>
              <b>{m.kind === 'book' ? `${m.base_asset}/USDT` : m.symbol}</b>
              <div className="muted small">{m.name}</div>
            </td>
            <td>
              {m.kind === 'book' ? (
                <MarketStatusBadge status={m.status} />
              ) : (
                <span className="badge neutral">Forex</span>
              )}
            </td>
            {rules?.symbol === m.symbol ? (
              RULE_FIELDS.map((field) => (
                <td key={field.key} className="right">
                  <input
                    className="input"
                    form="market-rules"
                    aria-label={`${field.label} of ${m.symbol}`}
                    value={rules[field.key]}
                    onChange={(e) => setRules({ ...rules, [field.key]: e.target.value })}
                    style={{ width: 90 }}
                  />
                </td>
              ))
            ) : (
              <>
                <td className="right num">{m.tick_size}</td>
                <td className="right num">{m.lot_size}</td>
                <td className="right num">{m.kind === 'book' ? m.min_notional : '--'}</td>
              </>
            )}
            {fees?.symbol === m.symbol ? (
              <td colSpan={3} className="right">
                <form className="row" onSubmit={onSaveFees} style={{ justifyContent: 'flex-end' }}>
                  {(['maker', 'taker'] as const).map((side) => (
                    <input
                      key={side}
                      className="input"
                      aria-label={`${side === 'maker' ? 'Maker' : 'Taker'} fee rate of ${m.symbol}`}
                      value={fees[side]}
                      onChange={(e) => setFees({ ...fees, [side]: e.target.value })}
                      style={{ width: 90 }}
                    />
                  ))}
                  <button type="submit" className="btn btn-primary btn-sm">
                    Save
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => setFees(null)}>
                    Cancel
                  </button>
                </form>
              </td>
            ) : (
              <>
                <td className="right num">{m.kind === 'book' ? percentOf(m.maker_fee_rate) : '--'}</td>
                <td className="right num">{m.kind === 'book' ? percentOf(m.taker_fee_rate) : '--'}</td>
                <td className="right">
                  {rules?.symbol === m.symbol ? (
                    <form
                      id="market-rules"
                      className="row"
                      onSubmit={onSaveRules}
                      style={{ justifyContent: 'flex-end' }}
                    >
                      <button type="submit" className="btn btn-primary btn-sm">
                        Save
                      </button>
                      <button type="button" className="btn btn-sm" onClick={() => setRules(null)}>
                        Cancel
                      </button>
                    </form>
                  ) : (
                    m.kind === 'book' && (
                      <span className="row" style={{ justifyContent: 'flex-end' }}>
                        {STATUS_ACTIONS[m.status].map((action) => {
                          const run = () => void change(m.symbol, { status: action.to }, action.done);
                          const key = `${m.symbol}:${action.to}`;
                          return (
                            <button
                              key={action.to}
                              type="button"
                              className={`btn btn-sm${action.to === 'trading' ? ' btn-buy' : action.to === 'halted' ? ' btn-sell' : ''}`}
                              onClick={action.confirm ? confirmed(key, run) : run}
                            >
                              {armed === key ? action.confirm : action.label}
                            </button>
                          );
                        })}
                        <button
                          type="button"
                          className="btn btn-sm"
                          onClick={() =>
                            setFees({ symbol: m.symbol, maker: m.maker_fee_rate, taker: m.taker_fee_rate })
                          }
                        >
                          Fees
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm"
                          title="Tick, lot and minimum order value: they change only while the book holds no order"
                          onClick={() =>
                            setRules({
                              symbol: m.symbol,
                              tick_size: m.tick_size,
                              lot_size: m.lot_size,
                              min_notional: m.min_notional,
                            })
                          }
                        >
                          Rules
                        </button>
                        {m.status !== 'trading' && (
                          <button
                            type="button"
                            className="btn btn-sm btn-sell"
                            onClick={confirmed(`${m.symbol}:cancel-orders`, () => void cancelOrders(m.symbol))}
                          >
                            {armed === `${m.symbol}:cancel-orders` ? 'Confirm Cancel All' : 'Cancel Orders'}
                          </button>
                        )}
                      </span>
                    )
                  )}
                </td>
              </>
            )}
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
