/**
 * The chosen indicators' series on a lightweight-charts chart: built again when the choice changes
 * (the price ones over the candles, each other one in its own pane under them), and fed again from
 * the candles whenever those change (`refresh`). Also answers the legend: each line's latest value.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { HistogramSeries, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Kline } from '../../api/types';
import { STUDIES, type Study, type StudyKey } from './studies';

export type LegendItem = { key: StudyKey; name: string; color: string; value: number | null };

/** A pane under the price takes a third of the price pane's height. */
const PRICE_PANE_STRETCH = 3;
const QUIET = { priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false } as const;

export function useStudies(chart: RefObject<IChartApi | null>, bars: RefObject<Kline[]>, enabled: StudyKey[]) {
  const drawn = useRef<{ study: Study; series: ISeriesApi<'Line' | 'Histogram'>[] }[]>([]);
  const [legend, setLegend] = useState<LegendItem[]>([]);

  const refresh = useCallback(() => {
    const list = bars.current;
    const closes = list.map((bar) => bar.close);
    const times = list.map((bar) => Math.floor(bar.time / 1000) as UTCTimestamp);
    const items: LegendItem[] = [];
    for (const { study, series } of drawn.current) {
      study.lines(closes).forEach((line, i) => {
        const points = line.values.flatMap((value, j) => {
          if (value === null) return [];
          const color = line.histogram
            ? value >= 0
              ? 'rgba(14, 203, 129, 0.6)'
              : 'rgba(246, 70, 93, 0.6)'
            : undefined;
          return [{ time: times[j], value, color }];
        });
        series[i].setData(points);
        items.push({ key: study.key, name: line.name, color: line.color, value: line.values.at(-1) ?? null });
      });
    }
    setLegend(items);
  }, [bars]);

  // The choice as a string, so the series are built again only when it really changes.
  const chosenKey = STUDIES.filter((study) => enabled.includes(study.key))
    .map((study) => study.key)
    .join();
  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    let pane = 0;
    drawn.current = STUDIES.filter((study) => chosenKey.split(',').includes(study.key)).map((study) => {
      const paneIndex = study.pane === 'price' ? 0 : ++pane;
      const series = study
        .lines([])
        .map((line) =>
          line.histogram
            ? instance.addSeries(HistogramSeries, { ...QUIET, color: line.color }, paneIndex)
            : instance.addSeries(LineSeries, { ...QUIET, color: line.color, lineWidth: 1 }, paneIndex),
        );
      return { study, series };
    });
    instance.panes().forEach((p, i) => p.setStretchFactor(i === 0 ? PRICE_PANE_STRETCH : 1));
    refresh();
    return () => {
      // The chart itself may already be gone (the screen closing): its series went with it.
      if (chart.current === instance)
        for (const { series } of drawn.current) series.forEach((s) => instance.removeSeries(s));
      drawn.current = [];
    };
  }, [chart, chosenKey, refresh]);

  return { legend, refresh };
}
