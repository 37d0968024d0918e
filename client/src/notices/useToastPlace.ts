/**
 * Where toasts appear. In the top right corner, below the header (useToastsBelowHeader), except on
 * the wide trade screen: its order form fills that corner from the header down, and a toast there
 * would cover the inputs and the button being used, so its toasts rise from the bottom left instead,
 * over the order book's far end. On a phone the form is a sheet from the bottom that leaves the top
 * to the toasts (trade.css).
 */
import type { SnackbarOrigin } from 'notistack';
import { matchPath, useLocation } from 'react-router-dom';
import { useMediaQuery } from '../trade/useMediaQuery';

/** The trade screen's three columns, the order form in the right one (trade.css). */
const WIDE_TRADE_QUERY = '(min-width: 1101px)';
const TOP_RIGHT: SnackbarOrigin = { vertical: 'top', horizontal: 'right' };
const BOTTOM_LEFT: SnackbarOrigin = { vertical: 'bottom', horizontal: 'left' };

export function useToastPlace(): SnackbarOrigin {
  const onTrade = matchPath('/trade', useLocation().pathname) !== null;
  const wide = useMediaQuery(WIDE_TRADE_QUERY);
  return onTrade && wide ? BOTTOM_LEFT : TOP_RIGHT;
}
