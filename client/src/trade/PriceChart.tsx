/** Candlestick chart (lightweight-charts) fed by /market/klines and live 'kline' socket events. */
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
import { price } from '../format';
import { useMarkets } from '../markets';
import { usePolling, useRealtime } from '../realtime/useRealtime';
import Tabs from '../components/Tabs';

const INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
const KLINE_POLL_MS = 10_000;
type Interval = (typeof INTERVALS)[number];

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

export default function PriceChart({ symbol }: { symbol: string }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const lastTime = useRef(0);
  const [interval, setChartInterval] = useState<Interval>('15m');
  const [empty, setEmpty] = useState(false);
  const tick = useMarkets().priceStep(symbol);

  useEffect(() => {
    if (!container.current) return;
    const instance = createChart(container.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#181A20' }, textColor: '#848E9C', fontSize: 11 },
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
        lastTime.current = sorted.length ? sorted[sorted.length - 1].time : 0;
        setEmpty(sorted.length === 0);
      })
      .catch((error) => {
        console.warn('chart: klines unavailable', error);
        if (isCurrent() && lastTime.current === 0) setEmpty(true);
      });
  }, [symbol, interval]);

  useEffect(() => {
    shown.current = `${symbol}:${interval}`;
    lastTime.current = 0;
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
      setEmpty(false);
    },
  });

  // Without the socket, re-read the candles now and then.
  usePolling(() => void load(), KLINE_POLL_MS, !connected);

  return (
    <div className="trade-panel chart-panel">
      <div className="chart-toolbar">
        <span className="muted small" style={{ marginRight: 8 }}>
          Time
        </span>
        <Tabs
          variant="pill"
          active={interval}
          onChange={setChartInterval}
          items={INTERVALS.map((i) => ({ key: i, label: i }))}
        />
      </div>
      <div className="chart-box" ref={container} data-testid="price-chart">
        {empty && (
          <div
            className="empty"
            style={{ position: 'absolute', inset: 0, zIndex: 2, pointerEvents: 'none', paddingTop: 180 }}
          >
            No candles yet
          </div>
        )}
      </div>
    </div>
  );
}
