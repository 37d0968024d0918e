/**
 * Assets: what the trader holds, as the server values it (GET /api/account/assets): the portfolio's
 * estimated value and Today's PnL, and per asset its total, what is available and in orders, its
 * dollar value, average cost and PnL. Live: it follows balance pushes and the prices.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AssetValue } from '../api/types';
import CoinIcon from '../components/CoinIcon';
import Pnl from '../components/Pnl';
import { decimalsOf, quantity, usd } from '../format';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';
import { useMarkets, type Markets } from '../markets';
import { holdingOf, usePortfolio } from '../portfolio';

const isDollar = (asset: string) => asset === 'USD';

/** What an asset is called: a coin by its market, a currency by its forex pair ("Euro / US Dollar" -> "Euro"). */
function assetName(markets: Markets, asset: string): string {
  if (isDollar(asset)) return 'US Dollar';
  const coin = markets.bookMarkets.find((market) => market.base === asset);
  if (coin) return coin.name;
  const pair = markets.forexPairs.find((p) => p.asset === asset);
  return pair?.name.split(' / ').find((part) => part !== 'US Dollar') ?? asset;
}

/** Decimals of a dollar price of the asset: a coin's tick; a currency's pair tick, more where the pair is inverted (JPY). */
function priceDecimals(markets: Markets, asset: string): number {
  const coin = markets.bookMarkets.find((market) => market.base === asset);
  if (coin) return decimalsOf(coin.tick_size);
  const pair = markets.forexPairs.find((p) => p.asset === asset);
  return pair && pair.quote === asset ? 6 : 4;
}

/** PnL as a share of what the holding cost. */
function pnlPercent({ pnl, average_cost, total }: AssetValue): number | null {
  const cost = Number(average_cost) * Number(total);
  return pnl !== null && cost > 0 ? (Number(pnl) / cost) * 100 : null;
}

/** A dollar figure summed over the assets, for display: each row's bucket at its price. */
const valueOf = (rows: AssetValue[], bucket: 'available' | 'in_orders') =>
  rows.reduce((sum, row) => sum + Number(row[bucket]) * Number(row.price_usd), 0);

export default function Assets() {
  const markets = useMarkets();
  const { portfolio, failed } = usePortfolio();
  const [search, setSearch] = useState('');
  const [hideZero, setHideZero] = useState(false);
  const rows = portfolio?.assets ?? [];
  const btcPrice = Number(holdingOf(portfolio, 'BTC')?.price_usd ?? 0);
  const value = portfolio ? Number(portfolio.portfolio.value_usd) : null;
  const term = search.trim().toUpperCase();
  const shown = rows.filter(
    (row) =>
      (!hideZero || Number(row.total) > 0) &&
      (!term || row.asset.includes(term) || assetName(markets, row.asset).toUpperCase().includes(term)),
  );

  return (
    <div className="page">
      <SiteHeader />
      <main className="container assets-page">
        <div className="row between wrap" style={{ gap: 12, marginBottom: 16 }}>
          <h1 style={{ fontSize: 28 }}>Assets</h1>
          <div className="row" style={{ gap: 8 }}>
            <Link to="/dashboard" className="btn btn-primary btn-sm">
              Deposit
            </Link>
            <Link to="/dashboard?tab=withdrawals" className="btn btn-sm">
              Withdraw
            </Link>
            <Link to="/trade" className="btn btn-sm">
              Trade
            </Link>
          </div>
        </div>

        <section className="card assets-overview" aria-label="Estimated balance">
          <div>
            <div className="muted small">Estimated Balance</div>
            <div className="row wrap" style={{ gap: 10, alignItems: 'baseline' }}>
              <span className="big-number num" data-testid="portfolio-value">
                {value === null ? '--' : usd(value)}
              </span>
              <span className="muted num">
                ≈ {value !== null && btcPrice > 0 ? quantity(value / btcPrice, markets.assetStep('BTC')) : '--'} BTC
              </span>
            </div>
            <div className="row wrap small" style={{ gap: 8, marginTop: 6 }}>
              <span className="muted">Today's PnL</span>
              <Pnl
                value={portfolio?.portfolio.today_pnl ?? null}
                percentage={portfolio?.portfolio.today_pnl_percent ?? null}
                testId="today-pnl"
              />
              <span className="muted">since 00:00 UTC, deposits and withdrawals aside</span>
            </div>
          </div>
          <div className="assets-split">
            <div>
              <div className="muted small">Available</div>
              <div className="num">{portfolio ? usd(valueOf(rows, 'available')) : '--'}</div>
            </div>
            <div>
              <div className="muted small">In Orders</div>
              <div className="num">{portfolio ? usd(valueOf(rows, 'in_orders')) : '--'}</div>
            </div>
          </div>
        </section>

        <section className="card assets-list" aria-label="Your assets">
          <div className="row between wrap" style={{ gap: 12, marginBottom: 8 }}>
            <h3>Balances</h3>
            <div className="row wrap" style={{ gap: 12 }}>
              <label className="row small muted" style={{ gap: 6 }}>
                <input type="checkbox" checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} />
                Hide zero balances
              </label>
              <input
                className="input assets-search"
                type="search"
                placeholder="Search asset"
                aria-label="Search asset"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
          <div className="table-wrap">
            <table className="table assets-table" aria-label="Assets">
              <thead>
                <tr>
                  <th>Asset</th>
                  <th className="right">Total</th>
                  <th className="right">Available</th>
                  <th className="right">In Orders</th>
                  <th className="right">Value (USD)</th>
                  <th className="right">Avg. Cost</th>
                  <th className="right">PnL</th>
                  <th className="right">Action</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <AssetRow key={row.asset} row={row} markets={markets} />
                ))}
              </tbody>
            </table>
            {shown.length === 0 && (
              <div className="empty">
                {!portfolio ? (failed ? 'Your assets could not be loaded' : 'Loading…') : 'No assets match'}
              </div>
            )}
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

function AssetRow({ row, markets }: { row: AssetValue; markets: Markets }) {
  const step = markets.assetStep(row.asset);
  const coin = markets.bookMarkets.find((market) => market.base === row.asset);
  const decimals = priceDecimals(markets, row.asset);
  return (
    <tr data-testid={`asset-${row.asset}`}>
      <td className="asset-cell">
        <span className="row" style={{ gap: 8 }}>
          <CoinIcon symbol={`${row.asset}USDT`} size={24} />
          <span>
            <span style={{ fontWeight: 600 }}>{row.asset}</span>
            <span className="muted small asset-name">{assetName(markets, row.asset)}</span>
          </span>
        </span>
      </td>
      <td className="right num">{quantity(row.total, step)}</td>
      <td className="right num">{quantity(row.available, step)}</td>
      <td className="right num">
        {quantity(row.in_orders, step)}
        {Number(row.withdrawing) > 0 && (
          <span className="muted small asset-name">+{quantity(row.withdrawing, step)} withdrawing</span>
        )}
      </td>
      <td className="right num">{usd(row.value_usd)}</td>
      <td className="right num">{row.average_cost === null ? '--' : usd(row.average_cost, decimals)}</td>
      <td className="right">
        <Pnl value={row.pnl} percentage={row.pnl === null ? undefined : pnlPercent(row)} />
      </td>
      <td className="right">
        {isDollar(row.asset) ? (
          <Link to="/dashboard" className="btn-link small">
            Deposit
          </Link>
        ) : (
          <Link to={coin ? `/trade?pair=${coin.symbol}` : '/trading'} className="btn-link small">
            Trade
          </Link>
        )}
      </td>
    </tr>
  );
}
