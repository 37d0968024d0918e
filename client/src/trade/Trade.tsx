/** Advanced trade screen: pairs, order book, 24h strip, chart, the user's orders, order form, market trades. */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { errorMessage, type ListPage } from '../api/client';
import { tradingApi, userApi } from '../api/endpoints';
import { marketApi, normaliseTicker, normaliseTrade } from '../api/market';
import type { AssetBalance, MarketTrade, Order, Side, Ticker, UserTrade } from '../api/types';
import { useLiveBook } from './book/useLiveBook';
import { useSession } from '../auth/session';
import { PRODUCT_NAME } from '../components/Logo';
import MarketTrades from './MarketTrades';
import OrderBook, { BOOK_LEVELS } from './OrderBook';
import OrderForm, { type PriceHint } from './OrderForm';
import PairList from './PairList';
import PhoneTrade from './PhoneTrade';
import SiteHeader from '../layout/SiteHeader';
import { SITE_LINKS, type NavLinks } from '../layout/SiteNav';
import TickerStrip from './TickerStrip';
import UserOrders from './UserOrders';
import { price, slashSymbol } from '../format';
import { closedReason, DEFAULT_PAIR, useMarkets } from '../markets';
import { usePolling, useRealtime } from '../realtime/useRealtime';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';

const PriceChart = lazy(() => import('./PriceChart'));

const MARKET_REFRESH_MS = 3000;
const PAIR_LIST_REFRESH_MS = 5000;
const TRADES_KEPT = 50;
/** The site's links, and the simple screen beside this one. */
const TRADE_LINKS: NavLinks = [...SITE_LINKS.slice(0, 3), ['Simple', '/trading'], ...SITE_LINKS.slice(3)];

const logOnly = (what: string) => (error: unknown) => console.warn(`trade: ${what} unavailable`, error);

export default function Trade() {
  const { user, patchUser } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const markets = useMarkets();
  const requested = (params.get('pair') ?? '').toUpperCase().replace('/', '');
  const symbol = markets.bookMarket(requested) ? requested : DEFAULT_PAIR;
  const base = markets.info(symbol).base;

  const [ticker, setTicker] = useState<Ticker | null>(null);
  const [tickers, setTickers] = useState<Ticker[]>([]);
  const [marketTrades, setMarketTrades] = useState<MarketTrade[]>([]);
  const [openOrders, setOpenOrders] = useState<ListPage<Order>>({ items: [], total: 0 });
  const [orderHistory, setOrderHistory] = useState<Order[]>([]);
  const [myTrades, setMyTrades] = useState<UserTrade[]>([]);
  const [assets, setAssets] = useState<AssetBalance[]>([]);
  const [priceHint, setPriceHint] = useState<PriceHint | null>(null);
  const [side, setSide] = useState<Side>('buy');
  const [hideOtherPairs, setHideOtherPairs] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);

  const selectPair = (next: string) => setParams({ pair: next });

  // Answers that arrive after the pair changed belong to the old pair and are dropped.
  const shownSymbol = useRef(symbol);
  shownSymbol.current = symbol;
  const forPair = useCallback(
    <T,>(pair: string, set: (value: T) => void) =>
      (value: T) => {
        if (shownSymbol.current === pair) set(value);
      },
    [],
  );

  const loadMarket = useCallback(() => {
    marketApi.ticker(symbol).then(forPair(symbol, setTicker)).catch(logOnly('ticker'));
    marketApi.trades(symbol, TRADES_KEPT).then(forPair(symbol, setMarketTrades)).catch(logOnly('trades'));
  }, [symbol, forPair]);

  const loadTickers = useCallback(() => {
    marketApi.tickers().then(setTickers).catch(logOnly('tickers'));
  }, []);

  // The user's lists: every pair's, or this pair's while other pairs are hidden; answers for the other
  // choice are dropped as the old pair's are.
  const listPair = hideOtherPairs ? slashSymbol(symbol) : undefined;
  const shownListPair = useRef(listPair);
  shownListPair.current = listPair;
  const forLists = useCallback(
    <T,>(pair: string | undefined, set: (value: T) => void) =>
      (value: T) => {
        if (shownListPair.current === pair) set(value);
      },
    [],
  );

  const loadOrders = useCallback(() => {
    tradingApi.openOrders(listPair).then(forLists(listPair, setOpenOrders)).catch(logOnly('open orders'));
    tradingApi.orderHistory(listPair).then(forLists(listPair, setOrderHistory)).catch(logOnly('order history'));
  }, [listPair, forLists]);

  const loadFills = useCallback(() => {
    tradingApi.trades(listPair).then(forLists(listPair, setMyTrades)).catch(logOnly('user trades'));
  }, [listPair, forLists]);

  const loadAssets = useCallback(() => {
    userApi.assets().then(setAssets).catch(logOnly('assets'));
  }, []);

  useEffect(() => {
    setTicker(null);
    setMarketTrades([]);
    loadMarket();
  }, [loadMarket]);

  useEffect(() => {
    loadTickers();
    loadAssets();
  }, [loadTickers, loadAssets]);

  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    loadOrders();
    loadFills();
  }, [userId, loadOrders, loadFills]);

  // The book keeps itself exact: a snapshot, then the room's depth updates (useLiveBook).
  const book = useLiveBook(symbol, BOOK_LEVELS);
  const connected = useRealtime([symbol], {
    ticker: (t) => {
      const next = normaliseTicker(t);
      if (next.symbol === symbol) setTicker(next);
      setTickers((list) => list.map((x) => (x.symbol === next.symbol ? next : x)));
    },
    trade: (t) => {
      if (t.symbol !== symbol) return;
      setMarketTrades((list) => [normaliseTrade(t), ...list.filter((x) => x.id !== t.id)].slice(0, TRADES_KEPT));
    },
    order: () => {
      loadOrders();
      loadAssets();
    },
    fill: () => {
      loadFills();
      loadOrders();
      loadAssets();
    },
    balance: (event) => {
      patchUser({ balance: Number(event.balance) });
      loadAssets();
    },
  });
  usePolling(
    () => {
      loadMarket();
      if (user) loadOrders();
    },
    MARKET_REFRESH_MS,
    !connected,
  );
  usePolling(loadTickers, PAIR_LIST_REFRESH_MS, true);

  const cancelWith = async (cancel: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await cancel();
      enqueueSnackbar(done, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, failed), { variant: 'error' });
    }
    loadOrders();
    loadAssets();
  };
  const onCancel = (order: Order) =>
    cancelWith(() => tradingApi.cancelOrder(order.id), 'Order cancelled', 'Failed to cancel order');
  const onCancelList = (listId: number) =>
    cancelWith(() => tradingApi.cancelOrderList(listId), 'Order list cancelled', 'Failed to cancel order list');
  const onCancelAll = () =>
    cancelWith(() => tradingApi.cancelAll(listPair), 'All open orders cancelled', 'Failed to cancel orders');

  const onPlaced = () => {
    loadOrders();
    loadFills();
    loadAssets();
  };

  // Like every exchange tab: the live price in the title.
  useEffect(() => {
    if (ticker) document.title = `${price(ticker.last_price, markets.priceStep(symbol))} | ${symbol} | ${PRODUCT_NAME}`;
  }, [ticker, symbol, markets]);

  const availableOf = (asset: string): number => Number(assets.find((a) => a.asset === asset)?.available ?? 0);
  const usdAccount = assets.find((a) => a.asset === 'USD' || a.asset === 'USDT');
  const availableQuote = usdAccount ? Number(usdAccount.available) : Number(user?.balance ?? 0);
  const lastPrice = ticker?.last_price ?? marketTrades[0]?.price ?? null;
  const closed = closedReason(markets.bookMarket(symbol)?.status);

  const pairList = <PairList tickers={tickers} symbol={symbol} onSelect={selectPair} />;
  const orderBook = (
    <OrderBook
      book={book}
      lastPrice={lastPrice}
      change={ticker?.price_change ?? 0}
      symbol={symbol}
      openOrders={openOrders.items}
      onPickPrice={(price) => setPriceHint({ price, nonce: Date.now() })}
    />
  );
  const tickerStrip = <TickerStrip symbol={symbol} ticker={ticker} />;
  const chart = (
    <Suspense fallback={<div className="trade-panel chart-panel" />}>
      <PriceChart symbol={symbol} book={book} />
    </Suspense>
  );
  const userOrders = (
    <UserOrders
      open={openOrders.items}
      openTotal={openOrders.total}
      history={orderHistory}
      trades={myTrades}
      assets={assets}
      pair={slashSymbol(symbol)}
      hideOtherPairs={hideOtherPairs}
      onHideOtherPairs={setHideOtherPairs}
      onCancel={onCancel}
      onCancelList={onCancelList}
      onCancelAll={onCancelAll}
      onEdited={onPlaced}
    />
  );
  const orderForm = (
    <OrderForm
      side={side}
      onSideChange={setSide}
      symbol={symbol}
      base={base}
      lastPrice={lastPrice}
      availableQuote={availableQuote}
      availableBase={availableOf(base)}
      kycApproved={user?.kyc_status === 'approved'}
      closedReason={closed}
      priceHint={priceHint}
      onPlaced={onPlaced}
      keepToastsClear={!phone}
    />
  );
  const trades = <MarketTrades trades={marketTrades} symbol={symbol} />;

  return (
    <div className="trade-page">
      <SiteHeader
        dense
        links={TRADE_LINKS}
        status={
          <span
            className={`small nowrap ${connected ? 'up' : 'muted'}`}
            title={connected ? 'Live' : 'Reconnecting, refreshing every 3s'}
          >
            ● {connected ? 'Live' : 'Polling'}
          </span>
        }
      />
      {phone ? (
        <PhoneTrade
          symbol={symbol}
          ticker={tickerStrip}
          panes={{ chart, book: orderBook, trades, pairs: pairList }}
          orders={userOrders}
          form={orderForm}
          closedReason={closed}
          onSide={setSide}
        />
      ) : (
        <div className="trade-grid">
          <div className="trade-col">
            {pairList}
            {orderBook}
          </div>
          <div className="trade-col">
            {tickerStrip}
            {chart}
            {userOrders}
          </div>
          <div className="trade-col right-col">
            {orderForm}
            {trades}
          </div>
        </div>
      )}
    </div>
  );
}
