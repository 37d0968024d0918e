/** A list read a page at a time on its own (an admin tab, the Orders page): its page on screen, and page turns. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage, type ListPage } from '../api/client';
import { PAGE_SIZE, type ShownPage } from './Pager';

/**
 * `read` fetches the page at an offset; a new `read` (other filters, another user) starts again at
 * the first page. Only the latest load is shown, so a slow answer never brings back a page turned away from.
 */
export function usePagedList<T>(
  read: (offset: number, limit: number) => Promise<ListPage<T>>,
  failure: string,
  pageSize = PAGE_SIZE,
) {
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
        const answer = await read(offset, pageSize);
        if (ticket !== latest.current) return;
        setPage({ ...answer, offset });
        shownOffset.current = offset;
      } catch (error) {
        if (ticket === latest.current) enqueueSnackbar(errorMessage(error, failure), { variant: 'error' });
      } finally {
        if (ticket === latest.current) setLoaded(true);
      }
    },
    [read, failure, pageSize, enqueueSnackbar],
  );

  useEffect(() => {
    void show(0);
  }, [show]);

  /** The page on screen read again: what has come or gone since. */
  const reload = useCallback(() => show(shownOffset.current), [show]);

  return { page, loaded, turn: show, reload };
}
