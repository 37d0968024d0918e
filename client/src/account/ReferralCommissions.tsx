/** The commissions paid to the trader, newest first, a page at a time. */
import { useEffect, useRef } from 'react';
import { referralApi } from '../api/endpoints';
import Pager, { PAGE_SIZE } from '../components/Pager';
import { usePagedList } from '../components/usePagedList';
import { dateTime, fineUsd, slashSymbol, titleCase } from '../format';

/** `earned`: the total the summary reports; each new commission changes it, and the list is read again then. */
export default function ReferralCommissions({ earned }: { earned: string }) {
  const { page, loaded, turn, reload } = usePagedList(referralApi.commissions, 'Failed to fetch data');
  const seen = useRef(earned);

  useEffect(() => {
    if (earned === seen.current) return;
    seen.current = earned;
    void reload();
  }, [earned, reload]);

  return (
    <section className="card referral-history">
      <h3>Commission history</h3>
      <div className="table-wrap">
        <table className="table" data-testid="referral-commissions">
          <thead>
            <tr>
              <th>Time</th>
              <th>Friend</th>
              <th className="wide-only">Pair</th>
              <th className="wide-only">Role</th>
              <th className="right wide-only">Fee</th>
              <th className="right">Commission</th>
            </tr>
          </thead>
          <tbody>
            {loaded && page.total === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  No commissions yet
                </td>
              </tr>
            )}
            {page.items.map((c) => {
              const pair = slashSymbol(c.symbol);
              const role = titleCase(c.side);
              // A narrow screen keeps time, friend and commission as columns, the rest under them.
              return (
                <tr key={`${c.trade_id}-${c.side}`} data-testid="referral-commission">
                  <td className="muted referral-time">{dateTime(c.traded_at)}</td>
                  <td>
                    {c.referee}
                    <div className="narrow-only muted small">
                      {pair} · {role}
                    </div>
                  </td>
                  <td className="wide-only">{pair}</td>
                  <td className="wide-only">{role}</td>
                  <td className="right num wide-only">{fineUsd(c.fee)}</td>
                  <td className="right num up">
                    {fineUsd(c.commission)}
                    <div className="narrow-only muted small">fee {fineUsd(c.fee)}</div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={PAGE_SIZE} onTurn={(offset) => void turn(offset)} />
    </section>
  );
}
