/** Trader dashboard: balance, KYC status, quick actions; deposits, withdrawals, trade history and KYC tabs. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { fundingApi, kycApi, simpleTradeApi, userApi } from '../api/endpoints';
import type { BankAccount, FundingRequest, KycStatus, SignedInUser, SimpleTrade } from '../api/types';
import { useSession } from '../auth/session';
import FundingPanel from './FundingPanel';
import { ChartIcon, DownloadIcon, ShieldIcon, UploadIcon, WalletIcon } from '../components/Icons';
import KycPanel from './KycPanel';
import SiteHeader from '../layout/SiteHeader';
import Tabs from '../components/Tabs';
import { dateTime, money, quantity, statusTone, usd } from '../format';
import { useMarkets } from '../markets';
import { holdingOf, usePortfolio } from '../portfolio';
import { useRealtime } from '../realtime/useRealtime';

type TabKey = 'deposits' | 'withdrawals' | 'trades' | 'kyc';
const TABS: { key: TabKey; label: string }[] = [
  { key: 'deposits', label: 'Deposits' },
  { key: 'withdrawals', label: 'Withdrawals' },
  { key: 'trades', label: 'Trade History' },
  { key: 'kyc', label: 'KYC' },
];
const isTab = (value: string | null): value is TabKey => TABS.some((t) => t.key === value);

interface DashboardData {
  balance: number;
  deposits: FundingRequest[];
  withdrawals: FundingRequest[];
  trades: SimpleTrade[];
  kycStatus: string;
  kycNotes: string | null;
  /** Null until read; none when they cannot be read (nowhere to pay, then). */
  bankAccounts: BankAccount[] | null;
}

const EMPTY: DashboardData = {
  balance: 0,
  deposits: [],
  withdrawals: [],
  trades: [],
  kycStatus: 'pending',
  kycNotes: null,
  bankAccounts: null,
};

const settledValue = <T,>(result: PromiseSettledResult<T>, fallback: T): T =>
  result.status === 'fulfilled' && result.value !== undefined && result.value !== null ? result.value : fallback;

export default function Dashboard() {
  const { user, patchUser, refreshUser } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'deposits';
  const [data, setData] = useState<DashboardData>({ ...EMPTY, balance: Number(user?.balance ?? 0) });
  const reportedFailure = useRef(false);

  // Loads are numbered, and one answering after a later one was shown is dropped: it would bring back
  // what a push replaced (a deactivated bank account, an old status). Never dropping the newest alone
  // keeps a stream of pushes from starving the page.
  const loadsStarted = useRef(0);
  const loadShown = useRef(0);
  const load = useCallback(async () => {
    const ticket = ++loadsStarted.current;
    const results = await Promise.allSettled([
      userApi.balance(),
      fundingApi.depositHistory(),
      fundingApi.withdrawalHistory(),
      simpleTradeApi.history(),
      kycApi.status(),
      fundingApi.bankAccounts(),
    ] as const);
    if (ticket < loadShown.current) return;
    loadShown.current = ticket;
    const [balance, deposits, withdrawals, trades, kyc, banks] = results;
    setData((current) => ({
      balance: balance.status === 'fulfilled' ? Number(balance.value.balance) : current.balance,
      deposits: settledValue(deposits, current.deposits),
      withdrawals: settledValue(withdrawals, current.withdrawals),
      trades: settledValue(trades, current.trades),
      kycStatus: kyc.status === 'fulfilled' ? kyc.value.status || 'pending' : current.kycStatus,
      kycNotes: kyc.status === 'fulfilled' ? (kyc.value.admin_notes ?? null) : current.kycNotes,
      bankAccounts: settledValue(banks, current.bankAccounts ?? []),
    }));
    // Keep the session's user (profile menu, trade screens) in step with what we just read.
    const patch: Partial<SignedInUser> = {};
    if (balance.status === 'fulfilled') patch.balance = Number(balance.value.balance);
    if (kyc.status === 'fulfilled' && kyc.value.status) patch.kyc_status = kyc.value.status as KycStatus;
    patchUser(patch);
    // A failure is reported once; every one is logged.
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    results.forEach((r) => r.status === 'rejected' && console.warn('dashboard: load failed', r.reason));
    if (failed && !reportedFailure.current) {
      reportedFailure.current = true;
      enqueueSnackbar(errorMessage(failed.reason, 'Failed to fetch data'), { variant: 'error' });
    }
  }, [enqueueSnackbar, patchUser]);

  const connected = useRealtime([], {
    balance: (event) => {
      setData((d) => ({ ...d, balance: Number(event.balance) }));
      patchUser({ balance: Number(event.balance) });
    },
    funding: () => {
      void load();
      void refreshUser();
    },
    fill: () => void load(),
    // An administrator added, deactivated or deleted one: nobody pays into an account that is gone.
    'bank-accounts': () => void load(),
  });
  // Read on opening, and again when the socket (re)connects: what was pushed before it joined is read then.
  useEffect(() => {
    void load();
  }, [load, connected]);

  const setTab = (key: TabKey) => setParams(key === 'deposits' ? {} : { tab: key }, { replace: true });

  const submitFunding = async (kind: 'deposit' | 'withdrawal', amount: number, code?: string): Promise<boolean> => {
    try {
      if (kind === 'deposit') await fundingApi.requestDeposit(amount);
      else await fundingApi.requestWithdrawal(amount, code);
      enqueueSnackbar(kind === 'deposit' ? 'Deposit request submitted!' : 'Withdrawal request submitted!', {
        variant: 'success',
      });
      await load();
      return true;
    } catch (error) {
      enqueueSnackbar(
        errorMessage(error, kind === 'deposit' ? 'Failed to submit deposit' : 'Failed to submit withdrawal'),
        { variant: 'error' },
      );
      return false;
    }
  };

  const invalidAmount = () => enqueueSnackbar('Please enter a valid amount', { variant: 'error' });

  return (
    <div className="page">
      <SiteHeader
        heading={
          <>
            <div className="muted small">Welcome back</div>
            <div style={{ fontWeight: 600 }}>{user?.full_name}</div>
          </>
        }
      />
      <main className="container" style={{ padding: '24px' }}>
        <div className="grid grid-3" style={{ marginBottom: 24 }}>
          <BalanceCard available={data.balance} />
          <div className="card">
            <div className="card-title">
              <ShieldIcon size={16} />
              KYC Status
            </div>
            <div className={`big-number ${statusTone(data.kycStatus)}`} style={{ textTransform: 'capitalize' }}>
              {data.kycStatus}
            </div>
            {data.kycStatus !== 'approved' && (
              <button type="button" className="btn-link small" onClick={() => setTab('kyc')}>
                Verify your identity →
              </button>
            )}
          </div>
          <div className="card">
            <div className="card-title">
              <ChartIcon size={16} />
              Quick Actions
            </div>
            <div className="stack" style={{ gap: 8 }}>
              <Link to="/trade" className="btn btn-primary btn-block">
                Advanced Trading
              </Link>
              <Link to="/trading" className="btn btn-block">
                Simple Trading
              </Link>
            </div>
          </div>
        </div>

        <Tabs items={TABS} active={tab} onChange={setTab} />
        <div style={{ paddingTop: 16 }}>
          {tab === 'deposits' && (
            <FundingPanel
              kind="deposit"
              history={data.deposits}
              bankAccounts={data.bankAccounts}
              onRequest={(amount) => submitFunding('deposit', amount)}
              onInvalid={invalidAmount}
            />
          )}
          {tab === 'withdrawals' && (
            <FundingPanel
              kind="withdrawal"
              history={data.withdrawals}
              available={data.balance}
              asksForCode={user?.two_factor_enabled}
              onRequest={(amount, code) => submitFunding('withdrawal', amount, code)}
              onInvalid={invalidAmount}
            />
          )}
          {tab === 'trades' && <TradeHistory trades={data.trades} />}
          {tab === 'kyc' && (
            <KycPanel
              status={data.kycStatus}
              adminNotes={data.kycNotes}
              onSubmitted={() => {
                void load();
                void refreshUser();
              }}
            />
          )}
        </div>
      </main>
    </div>
  );
}

/**
 * The dollars: what is available to spend (as pushed, at once), and the total with what open orders
 * hold, as the server values the holdings; and what every asset is worth, with the way to them.
 */
function BalanceCard({ available }: { available: number }) {
  const { portfolio } = usePortfolio();
  const dollars = holdingOf(portfolio, 'USD');
  const figure = (value: string | undefined) => (value === undefined ? '--' : usd(value));
  return (
    <div className="card balance-card">
      <div className="card-title">
        <WalletIcon size={16} />
        Balance
        <Link to="/assets" className="small" style={{ marginLeft: 'auto' }}>
          Assets →
        </Link>
      </div>
      <div className="big-number num" data-testid="balance">
        {usd(available)}
      </div>
      <div className="balance-lines small">
        <span>Total</span>
        <span className="num" data-testid="balance-total">
          {figure(dollars?.total)}
        </span>
        <span>Available</span>
        <span className="num" data-testid="balance-available">
          {usd(available)}
        </span>
        <span>In Orders</span>
        <span className="num" data-testid="balance-in-orders">
          {figure(dollars?.in_orders)}
        </span>
        {dollars && Number(dollars.withdrawing) > 0 && (
          <>
            <span>Withdrawing</span>
            <span className="num">{usd(dollars.withdrawing)}</span>
          </>
        )}
        <span>All assets</span>
        <span className="num" data-testid="portfolio-value">
          ≈ {figure(portfolio?.portfolio.value_usd)}
        </span>
      </div>
    </div>
  );
}

function TradeHistory({ trades }: { trades: SimpleTrade[] }) {
  const markets = useMarkets();
  return (
    <div className="card">
      <h3 style={{ marginBottom: 8 }}>Trade History</h3>
      {trades.length === 0 ? (
        <div className="empty">No trades yet</div>
      ) : (
        <div className="list">
          {trades.map((trade) => (
            <div key={trade.id} className="list-row">
              <div>
                <div style={{ fontWeight: 600 }}>{trade.symbol}</div>
                <div className="muted small">{dateTime(trade.created_at)}</div>
              </div>
              <div className="row" style={{ gap: 16 }}>
                <span className={trade.type === 'buy' ? 'up' : 'down'} style={{ fontWeight: 600 }}>
                  {trade.type === 'buy' ? <DownloadIcon size={14} /> : <UploadIcon size={14} />}{' '}
                  {String(trade.type).toUpperCase()}{' '}
                  <span className="num">{quantity(trade.amount, markets.lotStep(trade.symbol))}</span>
                </span>
                <span className="num" style={{ minWidth: 90, textAlign: 'right' }}>
                  {money(trade.total, markets.quoteCurrency(trade.symbol))}
                </span>
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
