/**
 * Builds what is missing or older than its sources: the compiled server and the client bundle.
 * Shared by `npm start` and the high-availability topology (deploy/ha).
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

function buildStaleClient() {
  buildIfStale('client', 'client/dist/index.html', ['client', 'shared', 'package.json'], 'build:client');
}

function buildStale() {
  buildIfStale(
    'server',
    'dist/server/main.js',
    ['server', 'engine', 'shared', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'package.json'],
    'build:server',
  );
  buildStaleClient();
}

module.exports = { buildStale, buildStaleClient };
