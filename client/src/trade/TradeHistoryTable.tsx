/** The Orders page's trade history: order fills and desk trades together, a fill with its fee and order. */
import type { HistoryTrade } from '../api/types';
import { dateTime, fee, money, price, quantity } from '../format';
import DataTable from '../components/DataTable';
import { useMarkets } from '../markets';
import { SideText } from './OrderTables';

export default function TradeHistoryTable({ trades }: { trades: HistoryTrade[] }) {
  const markets = useMarkets();
  if (trades.length === 0) return <div className="empty">No trades yet</div>;
  const figures = ['Price', 'Executed', 'Fee', 'Total'];
  // A fill's fee, on a buy as on a sell, is charged in its market's quote account (as the fills' fee_asset says).
  const feeAsset = (symbol: string) => markets.quoteCurrency(symbol);
  return (
    <DataTable
      className="dense-table"
      columns={['Date', 'Pair', 'Kind', 'Side', ...figures, 'Order']}
      rightAligned={figures}
    >
      {trades.map((t) => (
        <tr key={t.id} data-testid="history-trade">
          <td className="muted">{dateTime(t.created_at)}</td>
          <td>{t.symbol}</td>
          <td>{t.kind === 'fill' ? 'Order fill' : 'Desk trade'}</td>
          <td>
            <SideText side={t.type} />
          </td>
          <td className="right num">{price(t.price, markets.priceStep(t.symbol))}</td>
          <td className="right num">{quantity(t.amount, markets.lotStep(t.symbol))}</td>
          <td className="right num">{t.fee === null ? '-' : `${fee(t.fee)} ${feeAsset(t.symbol)}`}</td>
          <td className="right num">{money(t.total, markets.quoteCurrency(t.symbol))}</td>
          <td className="muted num" title={t.order_id ?? undefined}>
            {t.order_id ? t.order_id.slice(0, 8) : '-'}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
