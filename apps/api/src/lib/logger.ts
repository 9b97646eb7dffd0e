import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs; tokens and cookies never reach them. `destination` defaults to stdout. */
export const createLogger = (level: string, destination?: pino.DestinationStream): Logger =>
  pino({ level, redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true } }, destination);
