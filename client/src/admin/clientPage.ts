import type { ShownPage } from '../components/Pager';

/** A page of a list already on hand (the ledger check's rows), as the Pager shows it. */
export const clientPage = <T>(items: T[], offset: number, size: number): ShownPage<T> => ({
  items: items.slice(offset, offset + size),
  total: items.length,
  offset,
});
