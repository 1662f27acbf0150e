import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_FILES_THAT_MOCK } from '../vitest.config';

/**
 * The server's and the web's test files share one module graph per worker (`isolate: false`,
 * docs/decisions/078-ci-within-budget.md): a `vi.mock` there would reach the files after it. The
 * web files that mock run in the isolated `web-isolated` project; the server's mock nothing.
 */
const root = path.resolve(import.meta.dirname, '..');
const MOCKS = /\bvi\.(?:mock|doMock)\(/;

function filesThatMock(dir: string): string[] {
  return ['src', 'test']
    .flatMap((top) =>
      readdirSync(path.join(root, dir, top), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.posix.join(top, file.split(path.sep).join('/')),
      ),
    )
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => MOCKS.test(readFileSync(path.join(root, dir, file), 'utf8')))
    .sort();
}

describe('test files that mock a module run isolated (decision 078)', () => {
  it('the web project leaves out exactly the files that mock, which web-isolated runs', () => {
    expect(filesThatMock('apps/web')).toEqual([...WEB_FILES_THAT_MOCK].sort());
  });

  it('no server test file mocks a module', () => {
    expect(filesThatMock('apps/server')).toEqual([]);
  });

  it('finds a mock where there is one (this file names the pattern it looks for)', () => {
    expect(MOCKS.test("vi.mock('socket.io-client', () => ({}));")).toBe(true);
    expect(MOCKS.test('vi.mocked(io)')).toBe(false);
  });
});
