/**
 * Iceberg orders (Binance's `icebergQty`): a GTC limit order that rests showing at most
 * `icebergQty` lots. Its `remaining` is the visible slice, the rest waits in `hidden`, so matching,
 * level totals and depth see only what is shown and need no branch of their own. When a fill (or
 * a self-trade decrement) takes the last visible lot, the next slice is shown with fresh time
 * priority at the back of its level, where a large taker may meet it again after the others.
 *
 * An incoming iceberg trades with its whole quantity, like any order, and hides what is left only
 * when it rests. Amending one keeps its visible slice when only its size shrinks (the slice
 * shrinks with it if it must) and shows a fresh slice when it loses priority.
 */
import type { Order } from './order';

/** Shows at most one slice of what is left (visible and hidden together). */
export function showSlice(order: Order): void {
  const left = order.remaining + order.hidden;
  const slice = order.icebergQty < left ? order.icebergQty : left;
  order.remaining = slice;
  order.hidden = left - slice;
}
