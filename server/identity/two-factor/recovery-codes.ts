import { createHash, randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { RecoveryCode } from './recovery-code.entity';

const CODES = 10;
/** Letters and digits that cannot be mistaken for one another when copied from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 10 characters of 31: about 50 bits each, and wrong guesses are throttled (two-factor.service.ts). */
const HALF_LENGTH = 5;

const randomChunk = () => Array.from({ length: HALF_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** What a code is compared by: case, spaces and dashes do not matter. */
const normalized = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashOf = (code: string) => createHash('sha256').update(normalized(code)).digest('hex');

/** New recovery codes for the user (replacing any left), stored hashed; the codes themselves are shown once. */
export async function issueRecoveryCodes(manager: EntityManager, userId: string): Promise<string[]> {
  const codes = Array.from({ length: CODES }, () => `${randomChunk()}-${randomChunk()}`);
  await manager.delete(RecoveryCode, { user_id: userId });
  await manager.insert(
    RecoveryCode,
    codes.map((code) => ({ user_id: userId, code_hash: hashOf(code) })),
  );
  return codes;
}

/** Uses up one of the user's recovery codes: true when it was theirs and unused (each is good once). */
export async function useRecoveryCode(manager: EntityManager, userId: string, code: string): Promise<boolean> {
  const used: unknown[] = await manager.query(
    // Wrapped in a SELECT: TypeORM answers a bare DELETE with [rows, count].
    'WITH used AS (DELETE FROM recovery_codes WHERE user_id = $1 AND code_hash = $2 RETURNING 1) SELECT 1 FROM used',
    [userId, hashOf(code)],
  );
  return used.length > 0;
}

export async function recoveryCodesLeft(manager: EntityManager, userId: string): Promise<number> {
  return manager.count(RecoveryCode, { where: { user_id: userId } });
}
