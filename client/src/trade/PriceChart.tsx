/**
 * The chart panel: candles (lightweight-charts) fed by /market/klines and live 'kline' socket events,
 * with the indicators the trader ticks (chart/studies), or the book's depth chart; full screen on
 * demand.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { marketApi, normaliseKline } from '../api/market';
import type { Kline } from '../api/types';
import type { BookSides } from './book/local-book';
import DepthChart from './chart/DepthChart';
import IndicatorMenu from './chart/IndicatorMenu';
import { saveStudies, savedStudies, STUDIES, type StudyKey } from './chart/studies';
import { useStudies, type LegendItem } from './chart/useStudies';
import { decimalsOf, fixed, price } from '../format';
import { useMarkets } from '../markets';
import { usePolling, useRealtime } from '../realtime/useRealtime';
import Tabs from '../components/Tabs';
import './chart/chart.css';

const INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
const KLINE_POLL_MS = 10_000;
type Interval = (typeof INTERVALS)[number];
type View = 'candles' | 'depth';
const VIEWS: { key: View; label: string }[] = [
  { key: 'candles', label: 'Candles' },
  { key: 'depth', label: 'Depth' },
];

const toCandle = (k: Kline) => ({
  time: Math.floor(k.time / 1000) as UTCTimestamp,
  open: k.open,
  high: k.high,
  low: k.low,
  close: k.close,
});
const toVolume = (k: Kline) => ({
  time: Math.floor(k.time / 1000) as UTCTimestamp,
  value: k.volume,
  color: k.close >= k.open ? 'rgba(14, 203, 129, 0.35)' : 'rgba(246, 70, 93, 0.35)',
});

/** Four corners pointing out, drawn inline (the fonts here lack a full-screen sign). */
const FullScreenIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
  </svg>
);

/** A legend value: price studies in the market's tick, RSI in points, MACD finer than the tick. */
function legendValue(item: LegendItem, tick: string): string {
  if (item.value === null) return '--';
  const pane = STUDIES.find((study) => study.key === item.key)?.pane;
  if (pane === 'price') return price(item.value, tick);
  return fixed(item.value, item.key === 'RSI' ? 2 : decimalsOf(tick) + 2);
}

export default function PriceChart({ symbol, book }: { symbol: string; book: BookSides }) {
  const panel = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const bars = useRef<Kline[]>([]);
  const lastTime = useRef(0);
  const [interval, setChartInterval] = useState<Interval>('15m');
  const [empty, setEmpty] = useState(false);
  const [view, setView] = useState<View>('candles');
  const [studies, setStudies] = useState<StudyKey[]>(savedStudies);
  const [fullScreen, setFullScreen] = useState(false);
  const markets = useMarkets();
  const tick = markets.priceStep(symbol);

  useEffect(() => {
    if (!container.current) return;
    const instance = createChart(container.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#181A20' },
        textColor: '#848E9C',
        fontSize: 11,
        panes: { separatorColor: '#2B3139', separatorHoverColor: 'rgba(240, 185, 11, 0.3)' },
      },
      grid: { vertLines: { color: 'rgba(43, 49, 57, 0.5)' }, horzLines: { color: 'rgba(43, 49, 57, 0.5)' } },
      rightPriceScale: { borderColor: '#2B3139' },
      timeScale: { borderColor: '#2B3139', timeVisible: true, secondsVisible: false, barSpacing: 8, rightOffset: 4 },
      crosshair: { mode: 0 },
    });
    candles.current = instance.addSeries(CandlestickSeries, {
      upColor: '#0ECB81',
      downColor: '#F6465D',
      borderVisible: false,
      wickUpColor: '#0ECB81',
      wickDownColor: '#F6465D',
    });
    volumes.current = instance.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    instance.priceScale('volume').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    chart.current = instance;
    return () => {
      instance.remove();
      chart.current = null;
      candles.current = null;
      volumes.current = null;
    };
  }, []);

  const { legend, refresh } = useStudies(chart, bars, studies);
  const toggleStudy = (key: StudyKey) =>
    setStudies((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));
  useEffect(() => {
    volumes.current?.applyOptions({ visible: studies.includes('VOL') });
    saveStudies(studies);
  }, [studies]);

  // Full screen is the browser's: Esc leaves it too, so the panel follows the document's state.
  useEffect(() => {
    const follow = () => setFullScreen(panel.current !== null && document.fullscreenElement === panel.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const toggleFullScreen = () => {
    const done = fullScreen ? document.exitFullscreen() : panel.current?.requestFullscreen();
    done?.catch((error: unknown) => console.warn('chart: full screen refused', error));
  };

  // The price axis and labels as every other price: the market's tick, with thousands separators.
  useEffect(() => {
    candles.current?.applyOptions({
      priceFormat: { type: 'custom', formatter: (value: number) => price(value, tick), minMove: Number(tick) },
    });
  }, [tick]);

  /** The symbol and interval on screen, so a late answer for another one is dropped. */
  const shown = useRef('');
  const load = useCallback(() => {
    const key = `${symbol}:${interval}`;
    const isCurrent = () => shown.current === key;
    return marketApi
      .klines(symbol, interval, 200)
      .then((list) => {
        if (!isCurrent() || !candles.current || !volumes.current) return;
        const sorted = [...list].sort((a, b) => a.time - b.time);
        candles.current.setData(sorted.map(toCandle));
        volumes.current.setData(sorted.map(toVolume));
        bars.current = sorted;
        refresh();
        lastTime.current = sorted.length ? sorted[sorted.length - 1].time : 0;
        setEmpty(sorted.length === 0);
      })
      .catch((error) => {
        console.warn('chart: klines unavailable', error);
        if (isCurrent() && lastTime.current === 0) setEmpty(true);
      });
  }, [symbol, interval, refresh]);

  useEffect(() => {
    shown.current = `${symbol}:${interval}`;
    lastTime.current = 0;
    bars.current = [];
    refresh();
    candles.current?.setData([]);
    volumes.current?.setData([]);
    void load().then(() => chart.current?.timeScale().scrollToRealTime());
  }, [load, symbol, interval]);

  const connected = useRealtime([symbol], {
    kline: (event) => {
      if (event.symbol !== symbol || event.interval !== interval || !candles.current || !volumes.current) return;
      const k = normaliseKline(event.kline);
      if (k.time < lastTime.current) return; // lightweight-charts only accepts updates to the newest bar
      lastTime.current = k.time;
      candles.current.update(toCandle(k));
      volumes.current.update(toVolume(k));
      // The newest bar changes or a new one starts: the indicators follow.
      bars.current = [...bars.current.filter((bar) => bar.time !== k.time), k];
      refresh();
      setEmpty(false);
    },
  });

  // Without the socket, re-read the candles now and then.
  usePolling(() => void load(), KLINE_POLL_MS, !connected);

  return (
    <div className={`trade-panel chart-panel${fullScreen ? ' full-screen' : ''}`} ref={panel}>
      <div className="chart-toolbar">
        {view === 'candles' && (
          <>
            <span className="muted small" style={{ marginRight: 8 }}>
              Time
            </span>
            <Tabs
              variant="pill"
              active={interval}
              onChange={setChartInterval}
              items={INTERVALS.map((i) => ({ key: i, label: i }))}
            />
            <IndicatorMenu enabled={studies} onToggle={toggleStudy} />
          </>
        )}
        <div className="chart-tools">
          <Tabs variant="pill" active={view} onChange={setView} items={VIEWS} />
          <button
            type="button"
            className="pill chart-full"
            aria-label={fullScreen ? 'Exit full screen' : 'Full screen'}
            title={fullScreen ? 'Exit full screen (Esc)' : 'Full screen'}
            onClick={toggleFullScreen}
          >
            {fullScreen ? '✕ Exit' : <FullScreenIcon />}
          </button>
        </div>
      </div>
      <div className="chart-box" ref={container} data-testid="price-chart" hidden={view !== 'candles'}>
        <div className="chart-legend" data-testid="chart-legend">
          {legend.map((item) => (
            <span key={item.name} data-indicator={item.key} style={{ color: item.color }}>
              {item.name} {legendValue(item, tick)}
            </span>
          ))}
        </div>
        {empty && (
          <div
            className="empty"
            style={{ position: 'absolute', inset: 0, zIndex: 2, pointerEvents: 'none', paddingTop: 180 }}
          >
            No candles yet
          </div>
        )}
      </div>
      {view === 'depth' && <DepthChart bids={book.bids} asks={book.asks} tick={tick} lot={markets.lotStep(symbol)} />}
    </div>
  );
}
