import { useEffect, useState } from 'react';
import { feesApi } from '../api/endpoints';
import type { FeeTier, TraderFeeTier } from '../api/types';
import { useSession } from '../auth/session';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';

const percent = (rate: string) => `${(Number(rate) * 100).toFixed(4).replace(/\.?0+$/, '')}%`;
const volume = (value: number) => `${value.toLocaleString('en-US')} USD`;

/** The fee schedule: every tier by 30-day volume, and the signed-in trader's own. */
export default function Fees() {
  const { user } = useSession();
  const [tiers, setTiers] = useState<FeeTier[] | null>(null);
  const [mine, setMine] = useState<TraderFeeTier | null>(null);

  useEffect(() => {
    feesApi
      .tiers()
      .then(setTiers)
      .catch(() => setTiers([]));
  }, []);
  useEffect(() => {
    if (!user || user.is_admin) return;
    feesApi
      .mine()
      .then(setMine)
      .catch(() => setMine(null));
  }, [user]);

  return (
    <div className="page">
      <SiteHeader />
      <main className="container section">
        <h1 style={{ fontSize: 36, marginBottom: 8 }}>Fee Schedule</h1>
        <p className="muted" style={{ fontSize: 18, marginBottom: 24 }}>
          Your tier follows your trading volume over the last 30 days, as maker and as taker. A market with rates of its
          own charges at least those.
        </p>
        {mine && (
          <div className="card" style={{ marginBottom: 24 }} data-testid="my-fee-tier">
            <div className="row between">
              <span className="muted">Your tier</span>
              <strong className="accent">{mine.tier}</strong>
            </div>
            <div className="row between small" style={{ marginTop: 8 }}>
              <span className="muted">30-day volume</span>
              <span>{volume(mine.volume_30d)}</span>
            </div>
            <div className="row between small" style={{ marginTop: 4 }}>
              <span className="muted">Maker / Taker</span>
              <span>
                {percent(mine.maker_rate)} / {percent(mine.taker_rate)}
              </span>
            </div>
          </div>
        )}
        <div className="card" style={{ overflowX: 'auto' }}>
          <table className="table" data-testid="fee-tiers">
            <thead>
              <tr>
                <th>Tier</th>
                <th>30-day volume</th>
                <th>Maker</th>
                <th>Taker</th>
              </tr>
            </thead>
            <tbody>
              {(tiers ?? []).map((tier) => (
                <tr key={tier.name} className={mine?.tier === tier.name ? 'selected' : undefined}>
                  <td>{tier.name}</td>
                  <td>≥ {volume(tier.min_volume_30d)}</td>
                  <td>{percent(tier.maker_rate)}</td>
                  <td>{percent(tier.taker_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
