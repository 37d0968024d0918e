/** The bar under the book: the bids' and the asks' shares of the amount in the levels shown. */
export function BookRatio({ bids, asks }: { bids: { qty: number }[]; asks: { qty: number }[] }) {
  const total = (rows: { qty: number }[]) => rows.reduce((sum, row) => sum + row.qty, 0);
  const bid = total(bids);
  const all = bid + total(asks);
  if (all === 0) return null;
  const bidShare = Math.round((bid / all) * 100);
  return (
    <div className="book-ratio" data-testid="book-ratio" aria-label={`Buy ${bidShare}%, sell ${100 - bidShare}%`}>
      <span className="up">B</span>
      <span className="up num">{bidShare}%</span>
      <div className="book-ratio-bar">
        <div className="book-ratio-bid" style={{ width: `${bidShare}%` }} />
        <div className="book-ratio-ask" />
      </div>
      <span className="down num">{100 - bidShare}%</span>
      <span className="down">S</span>
    </div>
  );
}
