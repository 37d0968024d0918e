import { z } from 'zod';
import { standalone } from '../../kernel/validation';
import { money, type Money } from '../../kernel/money';

export const INVALID_AMOUNT = standalone('Please enter a valid amount');

/** Dollars and cents: no sign, no exponent, at most two decimals. */
const DOLLARS = /^\d{1,10}(\.\d{1,2})?$/;
const MAXIMUM = money('1000000000');

/**
 * A deposit or withdrawal amount in USD, from a JSON number or a query-string text. It is read from
 * its text form, so a float never takes part in the arithmetic.
 */
export const usdAmount = z
  .union([z.number(), z.string()], { error: INVALID_AMOUNT })
  .transform((value, context): Money => {
    const text = String(value).trim();
    const amount = DOLLARS.test(text) ? money(text) : null;
    if (!amount || amount.lte(0) || amount.gt(MAXIMUM)) {
      context.addIssue({ code: 'custom', message: INVALID_AMOUNT });
      return z.NEVER;
    }
    return amount;
  });
