/**
 * Admin's Fee Tiers tab: the VIP levels traders are placed in by their 30-day traded value, edited
 * as one list and saved at once (the server checks it: names unique, a first tier at 0, volumes
 * ascending, rates between 0 and 1) and every trader placed again.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { adminApi } from '../api/endpoints';
import type { FeeTier } from '../api/types';
import { ratePercent } from '../format';
import AdminTable from './AdminTable';
import type { Act } from './useAdminData';

/** A tier as typed: every figure as text, sent as typed (the server says what is wrong with it). */
type TierDraft = { name: string; min_volume_30d: string; maker_rate: string; taker_rate: string };

const asDraft = (tier: FeeTier): TierDraft => ({ ...tier, min_volume_30d: String(tier.min_volume_30d) });
const FIELDS: { key: keyof TierDraft; label: string; width: number }[] = [
  { key: 'name', label: 'Name', width: 140 },
  { key: 'min_volume_30d', label: '30-day volume from (USD)', width: 150 },
  { key: 'maker_rate', label: 'Maker rate', width: 110 },
  { key: 'taker_rate', label: 'Taker rate', width: 110 },
];

/** "0.1%" beside a rate typed as a fraction; nothing while it is not a number. */
const percentOf = (rate: string) => (rate.trim() !== '' && Number.isFinite(Number(rate)) ? ratePercent(rate) : '');

export default function FeeTiersTab({ act }: { act: Act }) {
  const [saved, setSaved] = useState<FeeTier[] | null>(null);
  const [drafts, setDrafts] = useState<TierDraft[]>([]);
  const [busy, setBusy] = useState(false);

  const show = useCallback((tiers: FeeTier[]) => {
    setSaved(tiers);
    setDrafts(tiers.map(asDraft));
  }, []);
  useEffect(() => {
    adminApi
      .feeTiers()
      .then(show)
      .catch((error: unknown) => console.warn('admin: fee tiers unavailable', error));
  }, [show]);

  if (!saved) return <div className="empty">Loading fee tiers...</div>;

  const edit = (index: number, key: keyof TierDraft, value: string) =>
    setDrafts(drafts.map((draft, i) => (i === index ? { ...draft, [key]: value } : draft)));
  const addTier = () => {
    const last = drafts[drafts.length - 1];
    setDrafts([
      ...drafts,
      {
        name: `VIP ${drafts.length}`,
        min_volume_30d: '',
        maker_rate: last?.maker_rate ?? '',
        taker_rate: last?.taker_rate ?? '',
      },
    ]);
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const tiers = drafts.map((draft) => ({
      ...draft,
      name: draft.name.trim(),
      min_volume_30d: draft.min_volume_30d.trim(),
    }));
    await act(async () => show(await adminApi.saveFeeTiers(tiers)), 'Fee tiers saved', 'Failed to save fee tiers');
    setBusy(false);
  };

  const changed = JSON.stringify(drafts) !== JSON.stringify(saved.map(asDraft));
  return (
    <form className="stack" onSubmit={onSave} aria-label="Fee tiers">
      <div className="row between" style={{ flexWrap: 'wrap', gap: 8 }}>
        <h3>Fee Tiers</h3>
        <span className="muted small">
          A trader pays its tier&apos;s rates, a market&apos;s own rates being the floor; tiers follow the last 30
          days&apos; traded value, placed again hourly and on each save.
        </span>
      </div>
      <AdminTable columns={[...FIELDS.map((field) => field.label), 'Actions']} rightAligned={['Actions']}>
        {drafts.map((draft, index) => (
          <tr key={index} data-testid={`fee-tier-${index}`}>
            {FIELDS.map((field) => (
              <td key={field.key}>
                <span className="row" style={{ gap: 6, flexWrap: 'nowrap' }}>
                  <input
                    className="input num"
                    aria-label={`${field.label} of tier ${index + 1}`}
                    style={{ width: field.width }}
                    inputMode={field.key === 'name' ? 'text' : 'decimal'}
                    // The first tier starts at 0, always: traders without volume are placed in it.
                    readOnly={field.key === 'min_volume_30d' && index === 0}
                    value={draft[field.key]}
                    onChange={(e) => edit(index, field.key, e.target.value)}
                  />
                  {field.key.endsWith('_rate') && <span className="muted small">{percentOf(draft[field.key])}</span>}
                </span>
              </td>
            ))}
            <td className="right">
              {index > 0 && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <div className="row" style={{ gap: 8, flexWrap: 'wrap' }}>
        <button type="button" className="btn btn-ghost" onClick={addTier} disabled={drafts.length >= 50}>
          Add Tier
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => show(saved)} disabled={!changed || busy}>
          Discard Changes
        </button>
        <button type="submit" className="btn btn-primary" disabled={!changed || busy}>
          {busy ? 'Saving...' : 'Save Tiers'}
        </button>
      </div>
    </form>
  );
}
