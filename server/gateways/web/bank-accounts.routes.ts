import { z } from 'zod';
import { recordId } from '../../money/back-office/decision-inputs';
import { route } from './route';
import { standalone } from '../../kernel/validation';
import type { BankAccountsService } from '../../money/bank-accounts/bank-accounts.service';

const FILL_ALL = standalone('Please fill all fields');
const field = (max: number, tooLong: string) =>
  z.string({ error: FILL_ALL }).trim().min(1, FILL_ALL).max(max, standalone(tooLong));

const newBankAccount = z.object({
  bank_name: field(120, 'Bank name must be at most 120 characters'),
  account_number: field(64, 'Account number must be at most 64 characters'),
  account_holder: field(120, 'Account holder must be at most 120 characters'),
});

const bankAccount = z.object({
  id: z.uuid(),
  bank_name: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
const byId = z.object({ id: recordId });

export function bankAccountsRoutes(bankAccounts: BankAccountsService) {
  return [
    route({
      method: 'get',
      path: '/bank-accounts',
      summary: 'The bank accounts to send deposits to (active ones)',
      tags: ['bank-accounts'],
      access: 'public',
      response: z.array(bankAccount),
      handler: () => bankAccounts.active(),
    }),
    route({
      method: 'get',
      path: '/admin/bank-accounts',
      summary: 'Every bank account, active or not',
      tags: ['admin', 'bank-accounts'],
      access: 'admin',
      response: z.array(bankAccount),
      handler: () => bankAccounts.all(),
    }),
    route({
      method: 'post',
      path: '/admin/bank-account',
      summary: 'Add a bank account (active)',
      tags: ['admin', 'bank-accounts'],
      access: 'admin',
      body: newBankAccount,
      response: bankAccount,
      handler: ({ body, user }) => bankAccounts.create(user.id, body),
    }),
    route({
      method: 'post',
      path: '/admin/bank-account/:id/toggle',
      summary: 'Activate an inactive bank account, or deactivate an active one',
      tags: ['admin', 'bank-accounts'],
      access: 'admin',
      params: byId,
      response: bankAccount,
      handler: ({ params, user }) => bankAccounts.toggle(user.id, params.id),
    }),
    route({
      method: 'delete',
      path: '/admin/bank-account/:id',
      summary: 'Delete a bank account',
      tags: ['admin', 'bank-accounts'],
      access: 'admin',
      params: byId,
      response: bankAccount,
      handler: ({ params, user }) => bankAccounts.delete(user.id, params.id),
    }),
  ];
}
