/** Admin's Bank Accounts tab: the accounts depositors send money to, added, toggled and deleted here. */
import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { adminApi } from '../api/endpoints';
import type { BankAccount } from '../api/types';
import { BankIcon } from '../components/Icons';
import type { Act } from './useAdminData';

const EMPTY_FORM = { bank_name: '', account_number: '', account_holder: '' };

const FIELDS = [
  { key: 'bank_name', id: 'bank-name', label: 'Bank Name' },
  { key: 'account_number', id: 'bank-number', label: 'Account Number' },
  { key: 'account_holder', id: 'bank-holder', label: 'Account Holder Name' },
] as const;

export default function BankAccountsTab({ accounts, act }: { accounts: BankAccount[]; act: Act }) {
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY_FORM);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { bank_name, account_number, account_holder } = form;
    if (!bank_name.trim() || !account_number.trim() || !account_holder.trim()) {
      enqueueSnackbar('Please fill all fields', { variant: 'error' });
      return;
    }
    const ok = await act(
      () => adminApi.createBankAccount(bank_name.trim(), account_number.trim(), account_holder.trim()),
      'Bank account created',
      'Failed to create bank account',
    );
    if (ok) {
      setForm(EMPTY_FORM);
      setOpen(false);
    }
  };

  const onDelete = (account: BankAccount) => {
    if (!window.confirm('Are you sure you want to delete this bank account?')) return;
    void act(() => adminApi.deleteBankAccount(account.id), 'Bank account deleted', 'Failed to delete bank account');
  };

  return (
    <div className="stack">
      <div className="row between">
        <h3>Bank Accounts</h3>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen((o) => !o)}>
          {open ? 'Cancel' : 'Add Bank Account'}
        </button>
      </div>
      {open && (
        <form className="grid grid-3" onSubmit={onSubmit} style={{ alignItems: 'end' }}>
          {FIELDS.map((field) => (
            <div key={field.key} className="field">
              <label htmlFor={field.id}>{field.label}</label>
              <input
                id={field.id}
                className="input"
                value={form[field.key]}
                onChange={(e) => setForm({ ...form, [field.key]: e.target.value })}
              />
            </div>
          ))}
          <div>
            <button type="submit" className="btn btn-primary">
              Save Bank Account
            </button>
          </div>
        </form>
      )}
      {accounts.length === 0 ? (
        <div className="empty">No bank accounts yet</div>
      ) : (
        <div className="list">
          {accounts.map((a) => (
            <div key={a.id} className="list-row">
              <div className="row" style={{ gap: 12 }}>
                <BankIcon />
                <div>
                  <div style={{ fontWeight: 600 }}>
                    {a.bank_name}{' '}
                    <span className={`badge ${a.is_active ? 'up' : 'neutral'}`}>
                      {a.is_active ? 'Active' : 'Inactive'}
                    </span>
                  </div>
                  <div className="muted small">
                    <span className="num">{a.account_number}</span> · {a.account_holder}
                  </div>
                </div>
              </div>
              <div className="row">
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() =>
                    act(
                      () => adminApi.toggleBankAccount(a.id),
                      'Bank account status updated',
                      'Failed to update bank account',
                    )
                  }
                >
                  {a.is_active ? 'Deactivate' : 'Activate'}
                </button>
                <button type="button" className="btn btn-sell btn-sm" onClick={() => onDelete(a)}>
                  Delete
                </button>
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
