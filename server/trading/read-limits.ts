/** Longest list any trading read answers: orders, fills, and price levels of a book's side. */
export const MAX_LIST = 500;
