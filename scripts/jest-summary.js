#!/usr/bin/env node
/** Prints a jest --json report as one plain closing line: 'Tests: N passed, N failed, N skipped'. */
const report = require(require('node:path').resolve(process.argv[2]));
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
