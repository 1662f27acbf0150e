import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config';

/**
 * Fastify's logger. One JSON object a line is what log collectors, pipes and tests read, so it
 * is the default. Only in development with stdout on a terminal (`npm start`, `npm run dev`)
 * does pino-pretty print a readable line an event instead: time, level, message, fields.
 * `npm start | cat`, NODE_ENV=production and NODE_ENV=test (every test) stay JSON.
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  terminal = process.stdout.isTTY === true,
  destination: NodeJS.WritableStream | number = 1,
): FastifyServerOptions['logger'] {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  if (config.env !== 'development' || !terminal) return options;
  // Synchronous: the lines written just before process.exit() (shutdown) are not lost.
  const stream = pretty({
    destination,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return { ...options, stream };
}
