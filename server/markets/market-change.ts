import type { EntityManager } from 'typeorm';
import { checkMarketSpec, type MarketSpec } from '../../engine';
import { recordAudit } from '../platform/audit/audit-log';
import { money } from '../kernel/money';
import { shortestDecimal, type BookMarket, type MarketCatalog } from './catalog';
import { MarketRow } from './market.entity';
import type { MarketChange } from './market-schemas';
import { refuseMarkets } from './refusals';

/** The ledger keeps 18 decimals: a fill's value (ticks x lots) must be exact in them. */
const LEDGER_DECIMALS = 18;
const decimalsOf = (value: string) => money(value).decimalPlaces();

/** Refuses a tick, lot and minimum order value the books and the ledger cannot count in. */
export function assertBookRules(spec: MarketSpec): void {
  if (decimalsOf(spec.tickSize) + decimalsOf(spec.lotSize) > LEDGER_DECIMALS)
    throw refuseMarkets('too-many-decimals', { decimals: LEDGER_DECIMALS });
  try {
    checkMarketSpec(spec);
  } catch {
    throw refuseMarkets('min-notional-too-large');
  }
}

/** The book market listed under exactly this symbol, as administrators name markets; refused otherwise. */
export function listedBook(catalog: MarketCatalog, symbol: string): BookMarket {
  const market = catalog.bookMarkets().find((m) => m.symbol === symbol);
  if (!market) throw refuseMarkets('market-not-found');
  return market;
}

/** A book market row's rules, as the engine takes them. */
export const specOf = (row: MarketRow): MarketSpec => ({
  symbol: row.symbol,
  tickSize: shortestDecimal(row.tick_size),
  lotSize: shortestDecimal(row.lot_size),
  minNotional: shortestDecimal(row.min_notional),
});

const CHANGEABLE = ['status', 'maker_fee_rate', 'taker_fee_rate', 'tick_size', 'lot_size', 'min_notional'] as const;

/**
 * Writes an administrator's change of a book market with its audit entry, in `manager`'s
 * transaction, the row locked: answers the row as changed and the book's rules after it. A change
 * of the rules is written by the book's owner, with the book's fresh snapshot (see
 * OrderSequencer.changeSpec); the other changes need no book.
 */
export async function writeMarketChange(
  manager: EntityManager,
  adminId: string,
  symbol: string,
  change: MarketChange,
): Promise<{ row: MarketRow; spec: MarketSpec }> {
  const current = await manager.findOne(MarketRow, { where: { symbol }, lock: { mode: 'pessimistic_write' } });
  if (!current || current.kind !== 'book') throw refuseMarkets('market-not-found');
  const next = Object.fromEntries(
    CHANGEABLE.filter((field) => change[field] !== undefined).map((field) => [field, change[field]]),
  ) as Partial<MarketRow>;
  const row = { ...current, ...next };
  const spec = specOf(row);
  assertBookRules(spec);
  await manager.update(MarketRow, { id: current.id }, next);
  await recordAudit(manager, {
    adminId,
    action: 'market.update',
    targetType: 'market',
    targetId: current.id,
    notes: describeChange(current, row),
  });
  return { row, spec };
}

/** The audit entry's notes: each field that changed, "field: before -> after" (a fee rate of the venue's: "default"). */
function describeChange(before: MarketRow, after: MarketRow): string {
  const shown = (value: string | null) =>
    value === null ? 'default' : /^[0-9.]+$/.test(value) ? shortestDecimal(value) : value;
  const changed = CHANGEABLE.filter((field) => shown(before[field]) !== shown(after[field]));
  if (changed.length === 0) return 'unchanged';
  return changed.map((field) => `${field}: ${shown(before[field])} -> ${shown(after[field])}`).join('; ');
}
