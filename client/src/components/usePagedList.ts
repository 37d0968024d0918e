/** A list read from the server a page at a time on its own: its page on screen, and page turns. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage, type ListPage } from '../api/client';

/** How many items of a list a screen shows at once. */
export const PAGE_SIZE = 50;

/** The page of a list on screen: its items, where it starts, and the size of the whole list. */
export interface ShownPage<T> extends ListPage<T> {
  offset: number;
}

/**
 * `read` fetches the page at an offset; a new `read` (other filters, another user) starts again at
 * the first page. Only the latest load is shown, so a slow answer never brings back a page turned away from.
 */
export function usePagedList<T>(read: (offset: number, limit: number) => Promise<ListPage<T>>, failure: string) {
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState<ShownPage<T>>({ items: [], total: 0, offset: 0 });
  const [loaded, setLoaded] = useState(false);
  const latest = useRef(0);
  // The offset of the page on screen, for reload: a ref keeps reload the same function from render to render.
  const shownOffset = useRef(0);

  const show = useCallback(
    async (offset: number) => {
      const ticket = ++latest.current;
      try {
        const answer = await read(offset, PAGE_SIZE);
        if (ticket !== latest.current) return;
        setPage({ ...answer, offset });
        shownOffset.current = offset;
      } catch (error) {
        if (ticket === latest.current) enqueueSnackbar(errorMessage(error, failure), { variant: 'error' });
      } finally {
        if (ticket === latest.current) setLoaded(true);
      }
    },
    [read, failure, enqueueSnackbar],
  );

  useEffect(() => {
    void show(0);
  }, [show]);

  /** The page on screen read again: what has come or gone since. */
  const reload = useCallback(() => show(shownOffset.current), [show]);

  return { page, loaded, turn: show, reload };
}
