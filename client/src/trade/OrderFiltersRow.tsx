/** The Orders page's filter row: pair, side, order type (or the kind of trade) and days. */
import DateRangeFields from '../components/DateRangeFields';
import { titleCase } from '../format';
import { useMarkets } from '../markets';

/** Every filter as its field holds it ('' is all). */
export interface ListFilterFields {
  symbol: string;
  side: string;
  type: string;
  kind: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ListFilterFields = { symbol: '', side: '', type: '', kind: '', from: '', to: '' };

const SIDES = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
];
const ORDER_TYPES = ['limit', 'market', 'stop_limit', 'stop_market', 'take_profit_limit', 'take_profit'];
const TRADE_KINDS = [
  { value: 'fill', label: 'Order fills' },
  { value: 'desk', label: 'Desk trades' },
];

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function OrderFiltersRow({
  fields,
  trades,
  onChange,
}: {
  fields: ListFilterFields;
  /** The trade history's row: its kinds instead of order types, and the desk's forex pairs too. */
  trades: boolean;
  onChange: (fields: ListFilterFields) => void;
}) {
  const markets = useMarkets();
  const pairs = [...markets.bookMarkets, ...(trades ? markets.forexPairs : [])].map((market) => ({
    value: market.symbol,
    label: market.display,
  }));
  const set = (changed: Partial<ListFilterFields>) => onChange({ ...fields, ...changed });
  return (
    <div className="orders-filters">
      <Choice
        id="orders-pair"
        label="Pair"
        value={fields.symbol}
        options={pairs}
        onChange={(symbol) => set({ symbol })}
      />
      <Choice id="orders-side" label="Side" value={fields.side} options={SIDES} onChange={(side) => set({ side })} />
      {trades ? (
        <Choice
          id="orders-kind"
          label="Kind"
          value={fields.kind}
          options={TRADE_KINDS}
          onChange={(kind) => set({ kind })}
        />
      ) : (
        <Choice
          id="orders-type"
          label="Type"
          value={fields.type}
          options={ORDER_TYPES.map((type) => ({ value: type, label: titleCase(type) }))}
          onChange={(type) => set({ type })}
        />
      )}
      <DateRangeFields idPrefix="orders" range={fields} onChange={(range) => set(range)} />
      <div className="field">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(NO_FILTERS)}>
          Reset
        </button>
      </div>
    </div>
  );
}
