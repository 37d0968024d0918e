/**
 * Admin's Earn tab: every product with the principal placed in it and the interest credited to its
 * positions; create a product, change its APY and minimum, open, pause or close it.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { adminApi } from '../api/endpoints';
import type { AdminEarnProduct, EarnProductChange } from '../api/types';
import StatusBadge from '../components/StatusBadge';
import { ratePercent, assetAmount, count, earnTerm, exactDecimal, looseQuantity } from '../format';
import AdminTable from './AdminTable';
import type { Act } from './useAdminData';

const EMPTY_PRODUCT = { asset: 'USD', kind: 'flexible', apy: '', term_days: '', min_amount: '' };
type ProductDraft = typeof EMPTY_PRODUCT;

/** The status changes offered from each status, with their button and toast. */
const STATUS_ACTIONS: Record<AdminEarnProduct['status'], { to: AdminEarnProduct['status']; label: string }[]> = {
  open: [
    { to: 'paused', label: 'Pause' },
    { to: 'closed', label: 'Close' },
  ],
  paused: [
    { to: 'open', label: 'Open' },
    { to: 'closed', label: 'Close' },
  ],
  closed: [{ to: 'open', label: 'Reopen' }],
};

/** Sums per asset for the totals line, to 8 decimals so a young product's interest shows ("1,200 USD · 0.5 BTC"). */
function totalsByAsset(products: AdminEarnProduct[], field: 'placed' | 'interest_paid'): string {
  const sums = new Map<string, number>();
  for (const p of products) sums.set(p.asset, (sums.get(p.asset) ?? 0) + Number(p[field]));
  return [...sums].map(([asset, sum]) => `${looseQuantity(sum)} ${asset}`).join(' · ') || '—';
}

export default function EarnTab({ act }: { act: Act }) {
  const [products, setProducts] = useState<AdminEarnProduct[]>([]);
  const [draft, setDraft] = useState<ProductDraft | null>(null);
  /** The product whose APY and minimum are being edited, with the values typed so far. */
  const [editing, setEditing] = useState<{ id: string; apy: string; min_amount: string } | null>(null);

  const load = useCallback(() => {
    adminApi
      .earnProducts()
      .then(setProducts)
      .catch((error: unknown) => console.warn('admin: earn products unavailable', error));
  }, []);
  useEffect(load, [load]);

  const change = async (id: string, body: EarnProductChange, done: string) => {
    const ok = await act(() => adminApi.changeEarnProduct(id, body), done, 'Failed to update product');
    load();
    return ok;
  };

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const locked = draft.kind === 'locked';
    const product = {
      asset: draft.asset.trim().toUpperCase(),
      kind: draft.kind as 'flexible' | 'locked',
      apy: draft.apy.trim(),
      term_days: locked ? Number(draft.term_days) : null,
      min_amount: draft.min_amount.trim() || '0',
    };
    if (await act(() => adminApi.createEarnProduct(product), 'Product created', 'Failed to create product'))
      setDraft(null);
    load();
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const body = { apy: editing.apy.trim(), min_amount: editing.min_amount.trim() };
    if (await change(editing.id, body, 'Product updated')) setEditing(null);
  };

  return (
    <div className="stack">
      <div className="row between">
        <h3>Earn Products</h3>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setDraft((open) => (open ? null : EMPTY_PRODUCT))}
        >
          {draft ? 'Cancel' : 'New Product'}
        </button>
      </div>
      <div className="row muted small" style={{ gap: 24, flexWrap: 'wrap' }}>
        <span data-testid="earn-placed">Money placed: {totalsByAsset(products, 'placed')}</span>
        <span data-testid="earn-interest">Interest paid: {totalsByAsset(products, 'interest_paid')}</span>
      </div>
      {draft && (
        <form className="grid grid-3" onSubmit={onCreate} style={{ alignItems: 'end' }} aria-label="New Earn product">
          <div className="field">
            <label htmlFor="earn-asset">Asset</label>
            <input
              id="earn-asset"
              className="input"
              value={draft.asset}
              onChange={(e) => setDraft({ ...draft, asset: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="earn-kind">Kind</label>
            <select
              id="earn-kind"
              className="input"
              value={draft.kind}
              onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
            >
              <option value="flexible">Flexible</option>
              <option value="locked">Locked</option>
            </select>
          </div>
          {draft.kind === 'locked' && (
            <div className="field">
              <label htmlFor="earn-term">Term (days)</label>
              <input
                id="earn-term"
                className="input"
                inputMode="numeric"
                placeholder="30"
                value={draft.term_days}
                onChange={(e) => setDraft({ ...draft, term_days: e.target.value })}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="earn-apy">APY (fraction)</label>
            <input
              id="earn-apy"
              className="input"
              placeholder="0.052"
              value={draft.apy}
              onChange={(e) => setDraft({ ...draft, apy: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="earn-min">Minimum</label>
            <input
              id="earn-min"
              className="input"
              placeholder="10"
              value={draft.min_amount}
              onChange={(e) => setDraft({ ...draft, min_amount: e.target.value })}
            />
          </div>
          <div>
            <button type="submit" className="btn btn-primary">
              Create Product
            </button>
          </div>
        </form>
      )}
      <AdminTable
        columns={['Product', 'APY', 'Minimum', 'Placed', 'Interest Paid', 'Positions', 'Status', 'Actions']}
        rightAligned={['Minimum', 'Placed', 'Interest Paid', 'Positions', 'Actions']}
      >
        {products.length === 0 && (
          <tr>
            <td colSpan={8} className="empty">
              No Earn products yet
            </td>
          </tr>
        )}
        {products.map((p) =>
          editing?.id === p.id ? (
            <tr key={p.id} data-testid={`earn-admin-${p.id}`}>
              <td colSpan={8}>
                <form className="row" onSubmit={onSave} style={{ flexWrap: 'wrap' }} aria-label="Edit Earn product">
                  <b>
                    {p.asset} {earnTerm(p)}
                  </b>
                  <input
                    className="input"
                    aria-label="APY"
                    style={{ width: 110 }}
                    value={editing.apy}
                    onChange={(e) => setEditing({ ...editing, apy: e.target.value })}
                  />
                  <input
                    className="input"
                    aria-label="Minimum"
                    style={{ width: 110 }}
                    value={editing.min_amount}
                    onChange={(e) => setEditing({ ...editing, min_amount: e.target.value })}
                  />
                  <button type="submit" className="btn btn-primary btn-sm">
                    Save
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(null)}>
                    Cancel
                  </button>
                </form>
              </td>
            </tr>
          ) : (
            <tr key={p.id} data-testid={`earn-admin-${p.id}`}>
              <td>
                <b>{p.asset}</b>
                <div className="muted small">{p.term_days === null ? 'Flexible' : `Locked ${p.term_days} days`}</div>
              </td>
              <td className="up num">{ratePercent(p.apy)}</td>
              <td className="right num">{assetAmount(p.min_amount, p.asset)}</td>
              <td className="right num">{assetAmount(p.placed, p.asset)}</td>
              <td className="right num">{exactDecimal(p.interest_paid)}</td>
              <td className="right num">{count(p.active_positions)}</td>
              <td>
                <StatusBadge status={p.status} />
              </td>
              <td className="right">
                <span className="row" style={{ justifyContent: 'flex-end', gap: 6 }}>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setEditing({ id: p.id, apy: p.apy, min_amount: p.min_amount })}
                  >
                    Edit
                  </button>
                  {STATUS_ACTIONS[p.status].map((action) => (
                    <button
                      key={action.to}
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => void change(p.id, { status: action.to }, `Product ${action.to}`)}
                    >
                      {action.label}
                    </button>
                  ))}
                </span>
              </td>
            </tr>
          ),
        )}
      </AdminTable>
    </div>
  );
}
