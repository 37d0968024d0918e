import { z } from 'zod';
import { userRefSchema, type UserRef } from '../back-office/user-refs';
import { toJsonNumber } from '../../kernel/money';
import type { FundingRequest } from './funding-request.entity';

type FundingRow = Pick<FundingRequest, 'id' | 'amount' | 'status' | 'created_at' | 'admin_notes'>;

/** A deposit or withdrawal as its trader sees it. */
export const fundingView = (request: FundingRow) => ({
  id: request.id,
  amount: toJsonNumber(request.amount),
  status: request.status,
  created_at: request.created_at,
  admin_notes: request.admin_notes,
});
export const fundingItem = z.object({
  id: z.uuid(),
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
  admin_notes: z.string().nullable(),
});

/** The same, for administrators: with whose request it is. */
export const adminFundingView = (request: FundingRow, user: UserRef | undefined) => ({
  ...fundingView(request),
  user: user ?? null,
});
export const adminFundingItem = fundingItem.extend({ user: userRefSchema.nullable() });
