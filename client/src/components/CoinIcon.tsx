import { useMarkets } from '../markets';

export default function CoinIcon({ symbol, size = 28 }: { symbol: string; size?: number }) {
  const info = useMarkets().info(symbol);
  return (
    <span
      className="coin-icon"
      style={{ background: info.color, width: size, height: size, fontSize: size * 0.36 }}
      aria-hidden="true"
    >
      {info.base.slice(0, 3)}
    </span>
  );
}
