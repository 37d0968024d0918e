import { createExchange } from './app';
import { ConfigError, loadConfig } from './platform/config/config';
import { closeWithin } from './platform/http/draining';
import { createLogger } from './platform/logger/logger';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const exchange = await createExchange(config, logger);
  const port = await exchange.listen();
  logger.info({ port }, `exchange listening on http://localhost:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    process.exit(await closeWithin(() => exchange.close(), config.SHUTDOWN_TIMEOUT, logger));
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('exchange failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
