/**
 * Without an active bank account the deposit tab says deposits are unavailable (traders would have
 * nowhere to pay), so test exchanges open with one, as a venue taking deposits does.
 */
export const VENUE_BANK_ACCOUNT = {
  bank_name: 'Test Exchange Bank',
  account_number: 'GB00 TEST 0000 0000 01',
  account_holder: 'Test Exchange Ltd',
};

/** Adds the venue's bank account unless an active one is there already. */
export async function ensureVenueBankAccount(db: { query(sql: string, parameters?: unknown[]): Promise<unknown> }) {
  await db.query(
    `INSERT INTO bank_accounts (bank_name, account_number, account_holder)
     SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM bank_accounts WHERE is_active)`,
    [VENUE_BANK_ACCOUNT.bank_name, VENUE_BANK_ACCOUNT.account_number, VENUE_BANK_ACCOUNT.account_holder],
  );
}
