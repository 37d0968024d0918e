/**
 * The server's layers, lowest first (README.md, "The map"). A folder imports its own layer and the ones
 * below it, never one above: `npm run lint` fails on an import that runs back up.
 */
const LAYERS = [
  ['kernel', 'server/kernel/|engine/|shared/'],
  ['platform', 'server/platform/'],
  ['ledger', 'server/ledger/'],
  ['markets', 'server/markets/'],
  ['identity', 'server/identity/'],
  ['money', 'server/money/'],
  ['trading', 'server/trading/'],
  ['gateways', 'server/gateways/'],
  ['app', 'server/app\\.ts|server/main\\.ts|server/scripts/'],
];

const upward = LAYERS.slice(0, -1).map(([name, path], index) => ({
  name: `${name}-imports-no-higher-layer`,
  comment: `${name} sits below ${LAYERS.slice(index + 1)
    .map(([higher]) => higher)
    .join(', ')}: it may not import them`,
  severity: 'error',
  from: { path: `^(${path})` },
  to: {
    path: `^(${LAYERS.slice(index + 1)
      .map(([, higher]) => higher)
      .join('|')})`,
  },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'domains-speak-no-http',
      comment: 'the domains refuse with codes and publish events; only the gateways and the platform speak HTTP',
      severity: 'error',
      from: { path: '^server/(ledger|markets|identity|money|trading)/' },
      to: { path: '^server/platform/http/' },
    },
    {
      name: 'no-folder-circles',
      comment: 'folders import one way, inside a layer too: a circle makes them one room',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(server|engine|shared)/',
    exclude: { path: '^server/platform/db/migrations/[0-9]' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
