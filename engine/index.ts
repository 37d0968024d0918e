/** The matching engine's public API. */
export * from './commands';
export * from './events';
export * from './market-spec';
export * from './order-book';
export * from './snapshot';
export * from './state-hash';
export { isStopDue } from './stop-book';
export { trailingPrice } from './trailing-stops';
export { MAX_TRAILING_DELTA } from './validation';
