/**
 * `npm run test:ha`: the failover and restore tests against the high-availability topology
 * (deploy/ha), brought up once for the run and taken down after. Not part of `npm test`.
 */
const { projects, testTimeout } = require('../../jest.config.js');
const api = projects.find((project) => project.displayName === 'api');

module.exports = {
  ...api,
  rootDir: '../..',
  displayName: 'ha',
  testMatch: ['<rootDir>/tests/ha/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/ha/ha-setup.ts',
  globalTeardown: '<rootDir>/tests/ha/ha-teardown.ts',
  testTimeout: Math.max(testTimeout, 600_000),
};
