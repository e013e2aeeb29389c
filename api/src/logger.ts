import { pino, type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './config';

/** Structured JSON logs (pino); request lines carry reqId = the x-request-id. */
export function createLogger(
  config: Pick<AppConfig, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.idToken',
          '*.accessToken',
          '*.refreshToken',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
