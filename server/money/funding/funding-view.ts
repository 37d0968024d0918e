import { z } from 'zod';
import { userRefSchema, type ItemOwner } from '../back-office/user-refs';
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
export const adminFundingView = (request: FundingRow, owner: ItemOwner | undefined) => ({
  ...fundingView(request),
  user: owner?.ref ?? null,
});
export const adminFundingItem = fundingItem.extend({ user: userRefSchema.nullable() });

/** A deposit for administrators: also the reference its trader puts on transfers, to match the money that arrived. */
export const adminDepositView = (request: FundingRow, owner: ItemOwner | undefined) => ({
  ...adminFundingView(request, owner),
  deposit_reference: owner?.deposit_reference ?? null,
});
export const adminDepositItem = adminFundingItem.extend({ deposit_reference: z.string().nullable() });
