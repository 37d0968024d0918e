/** Four projects: the pure engine, units of the server without a database, the API against a real database, and the browser. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // ES modules jest must compile: jose, the chart, otplib's plugins, and what CCXT requires (its CommonJS build loads ESM packages).
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|lightweight-charts|fancy-canvas|@otplib|(ccxt/node_modules/)?@(noble|scure))/)',
  ],
  testEnvironment: 'node',
};
module.exports = {
  projects: [
    { ...common, displayName: 'engine', testMatch: ['<rootDir>/tests/engine/**/*.test.ts'] },
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/tests/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
      setupFiles: ['reflect-metadata'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/tests/browser/**/*.test.ts'],
    },
  ],
  // A run-wide option: jest ignores it in a project's options. Browser test files set their own, longer.
  testTimeout: 60000,
};
