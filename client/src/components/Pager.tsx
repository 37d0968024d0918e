/** Under a list shown a page at a time: which items are on screen ("1-50 of 1,020"), and Previous and Next. */
import { count } from '../format';
import type { ListPage } from '../api/client';

/** How many items of a list a page shows at once, unless a list says otherwise. */
export const PAGE_SIZE = 50;

/** The page of a list on screen: its items, where it starts, and the size of the whole list. */
export interface ShownPage<T> extends ListPage<T> {
  offset: number;
}

export default function Pager({
  page,
  pageSize,
  onTurn,
}: {
  page: ShownPage<unknown>;
  pageSize: number;
  /** Shows the page starting at this offset. */
  onTurn: (offset: number) => void;
}) {
  if (page.total === 0) return null;
  return (
    <div className="row between" style={{ marginTop: 16 }}>
      <span className="muted small" data-testid="page-range">
        {count(page.offset + 1)}-{count(page.offset + page.items.length)} of {count(page.total)}
      </span>
      <div className="row">
        <button
          type="button"
          className="btn btn-sm"
          disabled={page.offset === 0}
          onClick={() => onTurn(Math.max(0, page.offset - pageSize))}
        >
          Previous
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={page.offset + pageSize >= page.total}
          onClick={() => onTurn(page.offset + pageSize)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
