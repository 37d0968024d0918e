import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * A call forwarded while Redis is slow to take the publish (as while Sentinel switches masters):
 * the deadline passes before the publish returns. The caller is refused, and the process lives on:
 * the refusal must not be an unhandled rejection, which ends a Node process.
 */
it('a deadline passing while the publish still waits refuses the call and leaves the process running', () => {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['tests/fixtures/slow-publish-forward.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect({ status: run.status, printed: run.stdout.trim() }).toEqual({ status: 0, printed: 'market-unavailable' });
});
