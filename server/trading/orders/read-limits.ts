/** Longest list any trading read answers: orders, fills, and price levels of a book's side. */
export const MAX_LIST = 500;

/**
 * Most price levels of a book's side a depth read answers (Binance's largest depth limit). Every
 * committed view of a book keeps MAX_LIST; a deeper one is taken only when a read asks for it.
 */
export const MAX_DEPTH = 5000;
