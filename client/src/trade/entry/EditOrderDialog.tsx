/**
 * Edit an open order's price or amount (PATCH /trading/order): a smaller amount at the same price
 * keeps the order's place in the queue, a new price or a larger amount replaces it with a new
 * order. Figures are checked against the market's steps before they are sent.
 */
import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../api/client';
import { tradingApi } from '../../api/endpoints';
import type { Order } from '../../api/types';
import { bareSymbol, titleCase } from '../../format';
import { useMarkets } from '../../markets';
import { exact, figure, plain } from './figures';
import DecimalInput from './DecimalInput';
import './entry.css';

export default function EditOrderDialog({
  order,
  onClose,
  onEdited,
}: {
  order: Order;
  onClose: () => void;
  /** Called once the order is amended or replaced, so the lists read it again. */
  onEdited: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const markets = useMarkets();
  const symbol = bareSymbol(order.symbol);
  const tick = markets.priceStep(symbol);
  const lot = markets.lotStep(symbol);
  const base = markets.info(symbol).base;
  const priced = order.price !== null;
  const [price, setPrice] = useState(priced ? plain(exact(order.price!)) : '');
  const [amount, setAmount] = useState(plain(exact(order.amount)));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const newAmount = figure('Amount', amount, lot);
    const newPrice = priced ? figure('Price', price, tick) : null;
    const refused = [newAmount, newPrice].flatMap((checked) => (checked && !checked.ok ? [checked.message] : []));
    if (refused.length > 0) return setProblem(refused[0]!);
    const edit = {
      order_id: order.id,
      ...(newAmount.ok && !newAmount.value.eq(exact(order.amount)) ? { amount: plain(newAmount.value) } : {}),
      ...(newPrice?.ok && !newPrice.value.eq(exact(order.price!)) ? { price: plain(newPrice.value) } : {}),
    };
    if (edit.amount === undefined && edit.price === undefined) return onClose();
    setBusy(true);
    try {
      const result = await tradingApi.amendOrder(edit);
      enqueueSnackbar(result.id === order.id ? 'Order amended' : 'Order replaced', { variant: 'success' });
      onEdited();
      onClose();
    } catch (error) {
      const message = errorMessage(error, 'Failed to edit order');
      setProblem(message);
      enqueueSnackbar(message, { variant: 'error' });
      // A replacement refused after its cancel leaves no order: the lists show what is left.
      onEdited();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <form
        className="dialog stack edit-order-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Edit order"
        onSubmit={onSubmit}
      >
        <h3>
          Edit order{' '}
          <span className={order.side === 'buy' ? 'up' : 'down'}>
            {titleCase(order.side)} {titleCase(order.type)}
          </span>{' '}
          <span className="muted">{symbol}</span>
        </h3>
        {priced && <DecimalInput label="New price" prefix="Price" value={price} onChange={setPrice} />}
        <DecimalInput label="New amount" prefix="Amount" unit={base} value={amount} onChange={setAmount} />
        <div className="muted small">
          A smaller amount at the same price keeps the order&apos;s place in the queue; a new price or a larger amount
          cancels it and places its unfilled rest as a new order.
        </div>
        {problem !== null && (
          <div className="entry-problem" role="alert">
            {problem}
          </div>
        )}
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Back
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {busy ? 'Saving...' : 'Confirm'}
          </button>
        </div>
      </form>
    </div>
  );
}
