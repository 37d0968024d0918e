/**
 * Referral: the trader's code and link to share, the share of referred traders' fees it pays, how
 * many traders registered with the code, what they have earned the trader, and each commission.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { referralApi } from '../api/endpoints';
import type { ReferralSummary } from '../api/types';
import CopyField from '../components/CopyField';
import { count, fineUsd, ratePercent } from '../format';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';
import { usePolling, useRealtime } from '../realtime/useRealtime';
import ReferralCommissions from './ReferralCommissions';

/** While the socket is down, the summary is read again this often (it says when the figures change otherwise). */
const REFRESH_MS = 5_000;

function useReferralSummary(): ReferralSummary | null {
  const { enqueueSnackbar } = useSnackbar();
  const [summary, setSummary] = useState<ReferralSummary | null>(null);
  const shown = useRef(false);

  const load = useCallback(
    () =>
      referralApi
        .summary()
        .then((next) => {
          shown.current = true;
          setSummary(next);
        })
        .catch((error: unknown) => {
          // Only a first read that fails is said: a refresh that fails keeps what is on screen, without a toast each time.
          if (shown.current) console.warn('referral: summary not refreshed', error);
          else enqueueSnackbar(errorMessage(error, 'Failed to fetch data'), { variant: 'error' });
        }),
    [enqueueSnackbar],
  );
  const connected = useRealtime([], { referral: () => void load() });
  usePolling(load, REFRESH_MS, !connected);
  // Read on opening, and again when the socket (re)connects: what it missed meanwhile.
  useEffect(() => {
    void load();
  }, [load, connected]);

  return summary;
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="card">
      <div className="card-title">{label}</div>
      <div className="big-number num" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** What the programme pays, the code and link to share, the figures so far and each commission. */
function Overview({ summary }: { summary: ReferralSummary }) {
  const rate = ratePercent(summary.commission_rate);
  return (
    <>
      <p className="muted page-lead" data-testid="referral-terms">
        Invite friends to trade. You earn <strong className="accent">{rate}</strong> of the trading fees of every trader
        who registers with your code.
      </p>
      <div className="card referral-share">
        <CopyField label="Your referral code" value={summary.code} testId="referral-code" />
        <CopyField label="Your referral link" value={summary.link} testId="referral-link" />
      </div>
      <div className="grid referral-stats">
        <Stat label="Commission rate" value={rate} testId="referral-rate" />
        <Stat label="Referred traders" value={count(summary.referred_count)} testId="referral-count" />
        <Stat label="Total earned" value={fineUsd(summary.earned)} testId="referral-earned" />
      </div>
      <ReferralCommissions earned={summary.earned} />
    </>
  );
}

export default function Referral() {
  const summary = useReferralSummary();
  return (
    <div className="page">
      <SiteHeader />
      <main className="container section">
        <h1 className="page-title">Referral</h1>
        {summary && <Overview summary={summary} />}
      </main>
      <SiteFooter />
    </div>
  );
}
