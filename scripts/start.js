#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources (compiled server, client bundle),
 * then runs the compiled server. A second start with nothing changed skips straight to running.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { buildStale } = require('./build-if-stale');

const root = path.resolve(__dirname, '..');
buildStale();

const serverNodeArgs = require('./server-node-args');

const server = spawnSync(process.execPath, [...serverNodeArgs, path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  // A fresh install looks alive: a seeded past, and simulated takers trading with the market maker.
  env: { MARKET_FLOW: 'on', ...process.env },
});
process.exit(server.status ?? 1);
