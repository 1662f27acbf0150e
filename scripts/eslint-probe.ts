import path from 'node:path';
import { ESLint } from 'eslint';

/** The repository root, where eslint.config.js lives. */
export const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * For the tests that plant a violation of one of the repository's lint rules: lints `code` as
 * if it were the (not necessarily existing) file `file`, a path from the repository root, and
 * returns the messages of `ruleId` only. The code is a module's text, or its lines.
 */
export function eslintProbe(ruleId: string) {
  const eslint = new ESLint({ cwd: repoRoot });
  return {
    async errors(file: string, code: string | readonly string[]): Promise<string[]> {
      const text = typeof code === 'string' ? code : `${code.join('\n')}\n`;
      const [result] = await eslint.lintText(text, { filePath: path.join(repoRoot, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
    },
    /**
     * Loads the config and the TypeScript parser (the slow part) by linting an empty module at
     * `file`: call it once in beforeAll, so that no test's timeout pays for it.
     */
    async warmUp(file: string): Promise<void> {
      await eslint.lintText('export {};\n', { filePath: path.join(repoRoot, file) });
    },
  };
}
