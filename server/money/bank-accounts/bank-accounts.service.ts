import type { EntityManager } from 'typeorm';
import { recordAudit } from '../../platform/audit/audit-log';
import type { ServerContext } from '../../platform/modules/context';
import { refuseMoney } from '../back-office/refusals';
import { BankAccount } from './bank-account.entity';

export type NewBankAccount = Pick<BankAccount, 'bank_name' | 'account_number' | 'account_holder'>;

const view = ({ id, bank_name, account_number, account_holder, is_active, created_at }: BankAccount) => ({
  id,
  bank_name,
  account_number,
  account_holder,
  is_active,
  created_at,
});

const NEWEST_FIRST = { created_at: 'DESC', id: 'DESC' } as const;

/** The venue's bank accounts: administrators keep the list, traders see the active ones. */
export class BankAccountsService {
  constructor(private readonly ctx: Pick<ServerContext, 'dataSource' | 'events'>) {}

  async active() {
    const accounts = await this.ctx.dataSource
      .getRepository(BankAccount)
      .find({ where: { is_active: true }, order: NEWEST_FIRST });
    return accounts.map(view);
  }

  async all() {
    const accounts = await this.ctx.dataSource.getRepository(BankAccount).find({ order: NEWEST_FIRST });
    return accounts.map(view);
  }

  create(adminId: string, fields: NewBankAccount) {
    return this.change(adminId, 'create', async (manager) => manager.save(manager.create(BankAccount, fields)));
  }

  /** Flips active/inactive in one statement, so two clicks flip it twice rather than racing. */
  toggle(adminId: string, id: string) {
    return this.change(adminId, 'toggle', async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(BankAccount)
        .set({ is_active: () => 'NOT is_active' })
        .where({ id })
        .returning('*')
        .execute();
      return (result.raw as BankAccount[])[0];
    });
  }

  delete(adminId: string, id: string) {
    return this.change(adminId, 'delete', async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .delete()
        .from(BankAccount)
        .where({ id })
        .returning('*')
        .execute();
      return (result.raw as BankAccount[])[0];
    });
  }

  /** One administrator change: applied and audited in one transaction, then announced. */
  private async change(
    adminId: string,
    action: string,
    apply: (manager: EntityManager) => Promise<BankAccount | undefined>,
  ) {
    const account = await this.ctx.dataSource.transaction(async (manager) => {
      const changed = await apply(manager);
      if (!changed) throw refuseMoney('bank-account-not-found');
      await recordAudit(manager, {
        adminId,
        action: `bank_account.${action}`,
        targetType: 'bank_account',
        targetId: changed.id,
      });
      return changed;
    });
    this.ctx.events.publish({ type: 'money.bank-accounts-changed' });
    return view(account);
  }
}
