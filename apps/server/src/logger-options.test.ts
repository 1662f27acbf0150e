import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';

const withStream = (options: ReturnType<typeof loggerOptions>) =>
  typeof options === 'object' && 'stream' in options;

describe('logger options', () => {
  it('print readable lines in development on a terminal', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const app = Fastify({
      logger: loggerOptions({ env: 'development', logLevel: 'info' }, true, out),
    });
    app.log.info({ places: 3 }, 'gazetteer loaded');
    app.log.debug('below the level');
    await app.close();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] .*INFO.*: .*gazetteer loaded.* \{"places":3\}$/,
    );
    expect(text).not.toContain('below the level');
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it('stay JSON when piped, in production and in tests', () => {
    expect(withStream(loggerOptions({ env: 'development', logLevel: 'info' }, false))).toBe(false);
    expect(withStream(loggerOptions({ env: 'production', logLevel: 'info' }, true))).toBe(false);
    expect(withStream(loggerOptions({ env: 'test', logLevel: 'silent' }, true))).toBe(false);
    expect(loggerOptions({ env: 'production', logLevel: 'warn' }, false)).toEqual({
      level: 'warn',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    });
  });
});
