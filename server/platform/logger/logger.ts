import pino, { type DestinationStream } from 'pino';

/**
 * Errors logged under `err` or `error` keep their type, message, stack, cause and own fields
 * (JSON.stringify makes an Error {}); call sites pass the Error as it is.
 */
const serializeError = pino.stdSerializers.errWithCause;

/**
 * The structured logger, to stdout unless given a destination. Secrets are redacted wherever they
 * could appear, and so are the parameters of a failed query, logged as the error or its cause
 * (they may hold password hashes, tokens or documents).
 */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      serializers: { err: serializeError, error: serializeError },
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'req.headers.authorization',
          'headers.authorization',
          ...['err', 'error'].flatMap((key) => [`${key}.parameters`, `${key}.cause.parameters`]),
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
