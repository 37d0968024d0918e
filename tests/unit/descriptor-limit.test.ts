import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../../server/platform/logger/logger';
import { descriptorLimit, processConnectionCap } from '../../server/gateways/connections/descriptor-limit';

const logger = createLogger('silent');

it("reads the descriptor limit as Linux reports a process's limits, and nothing where there is no such file", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'limits-')), 'limits');
  writeFileSync(
    file,
    [
      'Limit                     Soft Limit           Hard Limit           Units     ',
      'Max processes             127431               127431               processes ',
      'Max open files            20000                524288               files     ',
    ].join('\n'),
  );
  expect(descriptorLimit(file)).toEqual({ soft: 20000, hard: 524288 });
  expect(descriptorLimit(path.join(tmpdir(), 'no-such-limits-file'))).toBeNull();
});

it('caps the open connections at three quarters of the descriptors, or lower as configured, never higher', () => {
  const limit = { soft: 20000, hard: 20000 };
  expect(processConnectionCap(undefined, logger, limit)).toBe(15000);
  expect(processConnectionCap(500, logger, limit)).toBe(500);
  expect(processConnectionCap(19000, logger, limit)).toBe(15000);
  // Without a limit to read, the configured cap or a default.
  expect(processConnectionCap(500, logger, null)).toBe(500);
  expect(processConnectionCap(undefined, logger, null)).toBe(10000);
});
