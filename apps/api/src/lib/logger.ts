import pino from 'pino';

export type Logger = pino.Logger;

export const createLogger = (level: string): Logger =>
  pino({ level, redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true } });
