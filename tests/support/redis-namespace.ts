import { randomUUID } from 'node:crypto';

/**
 * The Redis namespace (REDIS_PREFIX) of the exchanges a test file starts: its own, so test files
 * running side by side share the database but not their request weights, bans, or bus messages
 * (jest loads this module afresh for each test file). A test of the namespace itself sets its own.
 */
export const TEST_REDIS_PREFIX = `test-${randomUUID().slice(0, 8)}`;
