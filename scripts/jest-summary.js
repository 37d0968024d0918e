#!/usr/bin/env node
/** Prints a jest --json report as one plain closing line: 'Tests: N passed, N failed, N skipped'. */
const { readFileSync } = require('node:fs');

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
console.log(
  `Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
);
