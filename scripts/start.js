#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources (compiled server, client bundle),
 * then runs the compiled server. A second start with nothing changed skips straight to running.
 */
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

function buildIfStale(name, output, sources, script) {
  const outputFile = path.join(root, output);
  const builtAt = existsSync(outputFile) ? statSync(outputFile).mtimeMs : 0;
  if (builtAt > newest(sources)) return;
  console.log(`Building the ${name}...`);
  const result = spawnSync('npm', ['run', script], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale(
  'server',
  'dist/server/main.js',
  ['server', 'engine', 'shared', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'package.json'],
  'build:server',
);
buildIfStale('client', 'client/dist/index.html', ['client', 'shared', 'package.json'], 'build:client');

const serverNodeArgs = require('./server-node-args');

const server = spawnSync(process.execPath, [...serverNodeArgs, path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  // A fresh install looks alive: a seeded past, and simulated takers trading with the market maker.
  env: { MARKET_FLOW: 'on', ...process.env },
});
process.exit(server.status ?? 1);
