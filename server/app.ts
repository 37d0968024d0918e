import 'reflect-metadata';
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { adminRoutesOf } from './gateways/admin/admin.module';
import { earnAdminRoutes } from './gateways/admin/earn-admin.routes';
import { marketsAdminRoutes } from './gateways/admin/markets-admin.routes';
import { feeTiersAdminRoutes } from './gateways/admin/fee-tiers-admin.routes';
import { webRoutes } from './gateways/web/web-routes';
import { AccountsService } from './money/accounts/accounts.service';
import { earnAccrualRunner } from './money/earn/earn-runner';
import { EarnProducts } from './money/earn/earn-products';
import { EarnService } from './money/earn/earn.service';
import { referralCommissionRunner } from './trading/referrals/referral-runner';
import { ReferralsService } from './trading/referrals/referrals.service';
import { FundingService } from './money/funding/funding.service';
import { KycService } from './money/kyc/kyc.service';
import { BankAccountsService } from './money/bank-accounts/bank-accounts.service';
import { DeskService } from './trading/desk/desk.service';
import { apiKeysModule } from './identity/api-keys/api-keys.module';
import { ensureAdmin } from './identity/auth/admin-bootstrap';
import { SignInService } from './identity/sign-in/sign-in.service';
import { Authenticator } from './identity/auth/authenticator';
import { DeviceCookies } from './identity/sign-in/device-cookies';
import { resolveJwtSecret } from './identity/auth/jwt-secret';
import { FailureThrottle, passwordThrottle } from './identity/auth/failure-throttle';
import { TokenService } from './identity/auth/tokens';
import { binanceApiRouters, otherBinanceApis } from './gateways/binance/binance-api';
import { IpBans } from './gateways/binance/protocol/ip-bans';
import { RequestLimits } from './gateways/binance/request-weight';
import { WindowCounters } from './gateways/binance/protocol/window-counters';
import { DomainEvents } from './platform/bus/domain-events';
import { createEventBus } from './platform/bus/event-bus';
import { openRedis } from './platform/bus/redis';
import { redisPrefix } from './platform/bus/redis-prefix';
import { Cluster, clusterWanted, soleProcess } from './trading/cluster/cluster';
import { clusteredTradingModule } from './trading/cluster/clustered-trading.module';
import { proxyOptions, type Config } from './platform/config/config';
import type { ServerContext } from './platform/modules/context';
import { startOrder } from './platform/modules/modules';
import { resolveEncryptionKeys, SecretBox } from './platform/crypto/secret-box';
import { openDatabase } from './platform/db/database';
import { pgPool } from './platform/db/data-source';
import { HistoryReads } from './platform/db/history-reads';
import { FUNDING_QUEUES } from './money/funding/funding-queues';
import { Outages } from './platform/health/outages';
import { idempotencyModule } from './platform/idempotency/idempotency.module';
import { feeTiersModule } from './trading/fee-tiers/fee-tiers.module';
import { logAppErrors } from './platform/http/app-errors';
import { errorMiddleware } from './platform/http/error-middleware';
import { createHttpServer } from './platform/http/http-server';
import { Draining } from './platform/http/draining';
import { answerBinanceError, binanceUnavailable } from './gateways/binance/protocol/binance-error';
import { buildOpenApi, type OpenApiDocument } from './gateways/web/openapi';
import { installUserRateLimits } from './platform/http/per-user-rate-limits';
import { createRateLimiter } from './platform/http/rate-limit';
import { closeWhenBodyUnread } from './platform/http/request-body';
import { requestLog } from './platform/http/request-log';
import { route } from './gateways/web/route';
import { buildApiRouter } from './gateways/web/router';
import { addSecurityHeaders } from './platform/http/security-headers';
import { staticClient } from './platform/http/static-client';
import { KYC_QUEUE } from './money/kyc/kyc-queue';
import { createLogger, type Logger } from './platform/logger/logger';
import { subscribeRealtimePushes } from './gateways/realtime/domain-pushes';
import { marketPushesModule } from './gateways/realtime/market-pushes';
import { Notifier } from './gateways/realtime/notifier';
import { startSocketHub } from './gateways/realtime/socket-hub';
import { SocketPlaces } from './gateways/realtime/socket-places';
import { SessionService } from './identity/sessions/sessions.service';
import { SettingsStore } from './platform/settings/settings-store';
import { tradingModule } from './trading/trading.module';
import { TwoFactorService } from './identity/two-factor/two-factor.service';
import type { TradingService } from './trading/trading.service';
import { liquidityModule } from './trading/liquidity/liquidity.module';
import { marketDataModule } from './trading/market-data/market-data.module';
import { marketHistoryModule } from './trading/market-history/market-history.module';
import { MarketCatalog } from './markets/catalog';
import { CatalogSync } from './markets/catalog-sync';
import { refusalAnswer } from './gateways/web/refusal-answers';
import { referencePricesModule } from './markets/reference-prices/reference-prices.module';
import { lastTradePrices } from './trading/trade-reads';
import { ConnectionLimits } from './gateways/connections/connection-limits';
import { processConnectionCap } from './gateways/connections/descriptor-limit';
import { marketStreamsModule, startStreamHub } from './gateways/streams/streams.module';
import { subscribeUserStreamPushes } from './gateways/streams/user-data/user-stream-pushes';
import { startUserStreams } from './gateways/streams/user-data/user-streams.module';
import { ENTITIES } from './entities';
import { ExchangeMetrics } from './platform/metrics/exchange-metrics';
import { closeMetrics, createMetricsServer, listenMetrics } from './platform/metrics/metrics-server';
import { publicMetrics } from './platform/http/metrics-endpoint';

export interface Exchange {
  context: ServerContext;
  /** Pushes to Socket.IO rooms, in every process (gateways/realtime). */
  notifier: Notifier;
  httpServer: Server;
  /** Serves GET /metrics on METRICS_PORT; null without it. */
  metricsServer: Server | null;
  /** The trading core's service (orders, books), for modules and tests in this process. */
  trading: TradingService;
  /** The markets this process lists, kept current with the markets table (server/markets). */
  catalog: MarketCatalog;
  /** The OpenAPI description of every route, as /api/openapi.json serves it. */
  openApi: OpenApiDocument;
  /** Starts the modules' work, then listens on config.PORT (0 picks a free port); resolves to the port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}

/** Wires configuration, database, bus, services, HTTP and Socket.IO into one exchange process. */
export async function createExchange(
  config: Config,
  logger: Logger = createLogger(config.LOG_LEVEL),
): Promise<Exchange> {
  const metrics = new ExchangeMetrics(config);
  const database = await openDatabase(config, ENTITIES, metrics.database.queryFailed);
  const { dataSource } = database;
  const redis = await openRedis(config);
  const namespace = redisPrefix(config);
  const bus = await createEventBus(redis, namespace, logger, metrics.bus);
  // Before any module: they all read the listed markets (server/markets).
  const markets = new MarketCatalog();
  const catalog = new CatalogSync(
    markets,
    dataSource,
    bus,
    { maker: config.MAKER_FEE_RATE, taker: config.TAKER_FEE_RATE },
    logger,
  );
  await catalog.start();
  const jwtSecret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const tokens = new TokenService(jwtSecret, config.JWT_TTL);
  const adminsNeedTwoFactor = config.ADMIN_REQUIRE_2FA === 'on';
  const authenticator = new Authenticator(tokens, dataSource, logger, { adminsNeedTwoFactor });
  const notifier = new Notifier(bus, logger);
  // What the domains commit, told to the gateways, which word it for their protocols.
  const events = new DomainEvents(logger);
  subscribeRealtimePushes(events, notifier, markets);
  subscribeUserStreamPushes(events, notifier);
  const sessions = new SessionService(dataSource, tokens, bus, events, authenticator);
  await sessions.follow();
  const settings = new SettingsStore(dataSource, bus, logger);
  await settings.start();
  // Seals the secrets the database keeps: two-factor secrets and API key secrets.
  const secretBox = new SecretBox(resolveEncryptionKeys(config));
  const twoFactor = new TwoFactorService(
    dataSource,
    secretBox,
    new FailureThrottle({ name: 'two-factor', refusal: 'too-many-wrong-two-factor-codes' }, redis, namespace),
  );
  const outages = new Outages(
    { database: () => dataSource.query('SELECT 1'), ...(redis && { redis: () => redis.ping() }) },
    logger,
    metrics.dependencies.outageBegan,
  );
  metrics.watch(pgPool(dataSource), outages, redis);
  const context: ServerContext = {
    config,
    logger,
    dataSource,
    reads: new HistoryReads(database.readSource, dataSource, logger),
    bus,
    events,
    settings,
    redis,
    outages,
    redisPrefix: namespace,
    metrics,
  };

  const passwordGuards = {
    logins: passwordThrottle('login', redis, namespace),
    changes: passwordThrottle('password-change', redis, namespace),
    devices: new DeviceCookies(jwtSecret, redis, namespace),
  };
  const auth = new SignInService(dataSource, sessions, twoFactor, passwordGuards, events, { adminsNeedTwoFactor });
  // Several processes on one database: each book has one owner among them (server/trading/cluster).
  const cluster = clusterWanted(config, database.embedded)
    ? await Cluster.join(config.DATABASE_URL!, redis!, namespace, logger)
    : null;
  const elect = cluster?.elect ?? soleProcess;
  /** Later modules (market data, market maker) trade and read the books through trading.service. */
  const trading = cluster ? clusteredTradingModule(context, markets, cluster) : tradingModule(context, markets);
  const referencePrices = referencePricesModule(context, markets, (symbols) =>
    lastTradePrices(context.dataSource, symbols),
  );
  const marketData = marketDataModule(context, markets, referencePrices.service, trading.service);
  const idempotency = idempotencyModule(context, refusalAnswer);
  const apiKeys = apiKeysModule(context, secretBox);
  const marketStreams = marketStreamsModule(context, markets, trading.service, elect);
  // Listed in no order that matters: each starts after what it needs, and stops before it (platform/modules.ts).
  const modules = startOrder([
    idempotency,
    apiKeys,
    feeTiersModule(context, events),
    marketHistoryModule(context, markets),
    trading,
    referencePrices,
    // One process tells the quotes, one the market rooms: every process's hub delivers them, so more would repeat them.
    {
      ...marketData,
      start: () =>
        elect(
          'market-data-pushes',
          async () => marketData.start?.(),
          async () => marketData.stop?.(),
        ),
    },
    marketPushesModule(context, notifier, marketData.service, markets, elect),
    marketStreams,
    liquidityModule(context, markets, trading.service, referencePrices.service, elect),
    // In every process: the accruals' primary key credits each interval once, whoever sweeps first.
    earnAccrualRunner(context),
    // In every process: each sweep takes the markets whose cursors no other process holds.
    referralCommissionRunner(context),
  ]);
  const earnProducts = new EarnProducts(context, markets);
  const adminRoutes = [
    ...adminRoutesOf(
      context,
      sessions,
      notifier,
      [FUNDING_QUEUES.deposit, FUNDING_QUEUES.withdrawal, KYC_QUEUE],
      trading.service,
      markets,
    ),
    ...marketsAdminRoutes(context, markets, catalog, trading.service),
    ...earnAdminRoutes(earnProducts),
    ...feeTiersAdminRoutes(dataSource),
  ];
  const routes = webRoutes(
    {
      dataSource,
      bus,
      embeddedDatabase: database.embedded,
      authLimiter: createRateLimiter('auth', config.AUTH_RATE_LIMIT, redis, namespace),
      auth,
      sessions,
      twoFactor,
      apiKeys: apiKeys.service,
      accounts: new AccountsService(dataSource, markets),
      funding: new FundingService(context),
      earnProducts,
      earn: new EarnService(context),
      referrals: new ReferralsService(dataSource, config.REFERRAL_COMMISSION_RATE),
      publicUrl: config.PUBLIC_URL,
      kyc: new KycService(context),
      bankAccounts: new BankAccountsService(context),
      trading: trading.service,
      orderMetrics: metrics.orders,
      marketData: marketData.service,
      quotes: marketData.quotes,
      dollarPrices: marketData.dollarPrices,
      desk: new DeskService(dataSource, events, marketData.quotes, markets),
      catalog: markets,
    },
    adminRoutes,
  );
  const openApi = buildOpenApi(routes);
  routes.push(
    route({
      method: 'get',
      path: '/openapi.json',
      summary: 'This description',
      tags: ['operations'],
      access: 'public',
      handler: async () => openApi,
    }),
  );

  const app = new Koa(proxyOptions(config.TRUST_PROXY));
  logAppErrors(app, logger);
  installUserRateLimits(app, context, (ctx) => authenticator.signedRequestUserId(ctx));
  // Outermost: the log shows the status the error middleware answered with.
  app.use(requestLog(logger));
  app.use(metrics.http.middleware);
  const draining = new Draining((ctx) => {
    if (/^\/(api\/v3|sapi\/v1)\//.test(ctx.path)) return answerBinanceError(ctx, binanceUnavailable());
    ctx.status = 503;
    ctx.body = { detail: 'Server restarting, please retry' };
  });
  app.use(draining.middleware);
  app.use(closeWhenBodyUnread);
  app.use(errorMiddleware(context, refusalAnswer));
  if (config.METRICS_TOKEN) app.use(publicMetrics(config.METRICS_TOKEN, metrics.registry));
  // Each route reads its body itself, after authorizing the caller (server/platform/http/router.ts).
  // The Binance-compatible surface first: /api/v3 and /sapi/v1 answer {code, msg}, not the web API's {detail}.
  const bans = new IpBans(context);
  await bans.start();
  const limits = new RequestLimits(context, bans);
  const binanceDeps = {
    context,
    trading: trading.service,
    catalog: markets,
    marketData: marketData.service,
    apiKeys,
    limits,
    bans,
  };
  for (const binanceApi of binanceApiRouters(binanceDeps)) app.use(binanceApi.routes());
  // Binance's APIs not served here (/sapi, /fapi...) answer as Binance does, not with the client's page.
  app.use(otherBinanceApis);
  const router = buildApiRouter(routes, authenticator, idempotency.requests);
  app.use(router.routes());
  app.use(router.allowedMethods());
  for (const middleware of staticClient(config.CLIENT_DIST)) app.use(middleware);

  const httpServer = createHttpServer(app.callback(), config.REQUEST_TIMEOUT, logger);
  // A WebSocket's or a Socket.IO handshake's client address as koa reads a request's (TRUST_PROXY).
  const clientAddress = (request: IncomingMessage) => app.createContext(request, new ServerResponse(request)).ip;
  const connectionLimits = new ConnectionLimits(
    new WindowCounters(context.redis, context.redisPrefix),
    {
      perAddress: config.STREAM_CONNECTION_LIMIT,
      lifetimeMs: config.STREAM_CONNECTION_LIFETIME,
      socketsPerAddress: config.SOCKET_CONNECTION_LIMIT,
      perProcess: processConnectionCap(config.PROCESS_CONNECTION_LIMIT, logger),
    },
    bans,
  );
  const socketPlaces = new SocketPlaces(connectionLimits, clientAddress);
  const io = await startSocketHub(httpServer, authenticator, bus, notifier, socketPlaces, logger);
  const streamHub = await startStreamHub(
    httpServer,
    markets,
    bus,
    marketStreams.source,
    connectionLimits,
    clientAddress,
    logger,
  );
  const userStreams = await startUserStreams(
    httpServer,
    streamHub,
    context,
    { binance: binanceDeps, notifier },
    clientAddress,
    connectionLimits,
  );
  addSecurityHeaders(httpServer, app);
  metrics.connections.watch({
    socketio: () => io.engine.clientsCount,
    market_stream: () => streamHub.openConnections().market,
    user_stream: () => streamHub.openConnections().user,
    ws_api: () => userStreams.openConnections(),
  });
  const metricsServer = config.METRICS_PORT === undefined ? null : createMetricsServer(metrics.registry, logger);
  await ensureAdmin(dataSource, logger, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });

  return {
    context,
    notifier,
    httpServer,
    metricsServer,
    trading: trading.service,
    catalog: markets,
    openApi,
    async listen() {
      // Modules first: a connection taken while the books rebuild would get 503s. Health checks
      // (tests, orchestrators) wait for the port, so they too see the process once it serves.
      for (const module of modules) await module.start?.();
      await new Promise<void>((resolve) => httpServer.listen(config.PORT, config.HOST, resolve));
      if (metricsServer) await listenMetrics(metricsServer, config.METRICS_PORT!, config.HOST);
      return (httpServer.address() as AddressInfo).port;
    },
    async close() {
      if (metricsServer) await closeMetrics(metricsServer);
      // The port closes at once; the requests in flight finish first.
      await draining.drain(httpServer);
      // Upgraded connections, which the HTTP server does not track, are told to connect again (to
      // another process): WebSockets closed 1012, Socket.IO's transports closed (its clients reconnect).
      streamHub.close();
      userStreams.close();
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
        httpServer.closeAllConnections();
      });
      // The books commit what they queued, and stop last.
      for (const module of [...modules].reverse()) await module.stop?.();
      // After the books have stopped: ending the lock session hands them to the other processes.
      await cluster?.close();
      settings.stop();
      outages.close();
      await bus.close();
      await database.close();
    },
  };
}
