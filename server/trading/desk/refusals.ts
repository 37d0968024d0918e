import { refusals } from '../../kernel/refusal';

/** What the house desk refuses beyond the trading core's refusals (the symbol, the market's status, KYC). */
export type DeskRefusal = 'invalid-amount' | 'price-moved' | 'desk-not-buying';

export const refuseDesk = refusals<DeskRefusal>();
